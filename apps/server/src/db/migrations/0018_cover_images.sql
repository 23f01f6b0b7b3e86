ALTER TABLE "plans" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "image_url" text;