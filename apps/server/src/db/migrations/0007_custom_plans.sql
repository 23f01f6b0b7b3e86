ALTER TABLE "plans" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "brief" jsonb;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "draft_days" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "generation_error" text;