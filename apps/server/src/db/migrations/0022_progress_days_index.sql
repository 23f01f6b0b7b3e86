DROP INDEX "devotional_progress_user_date_idx";--> statement-breakpoint
CREATE INDEX "devotional_progress_user_date_idx" ON "devotional_progress" USING btree ("user_id","progress_date");