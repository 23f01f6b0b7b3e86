CREATE TABLE "daily_checkins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"check_in_date" date NOT NULL,
	"mood" text NOT NULL,
	"focus_areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text,
	"spiritual_connection" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devotional_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"devotional_id" uuid NOT NULL,
	"progress_date" date NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"spiritual_connection" integer DEFAULT 50 NOT NULL,
	"connection_updated_at" timestamp with time zone,
	"prayed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devotionals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"devotional_date" date NOT NULL,
	"title" text NOT NULL,
	"passage" text NOT NULL,
	"passage_text" text NOT NULL,
	"content" text NOT NULL,
	"reflection" text NOT NULL,
	"theme" text NOT NULL,
	"prayer" text NOT NULL,
	"image_url" text,
	"library_id" text,
	"source" text NOT NULL,
	"refresh_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "encouragement_whispers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"message" text NOT NULL,
	"trigger_type" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"devotional_id" uuid,
	"devotional_progress_id" uuid,
	"entry_date" date NOT NULL,
	"devotional_title" text,
	"content" text NOT NULL,
	"passage" text,
	"reflection" text,
	"devotional_content" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_checkins" ADD CONSTRAINT "daily_checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devotional_progress" ADD CONSTRAINT "devotional_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devotional_progress" ADD CONSTRAINT "devotional_progress_devotional_id_devotionals_id_fk" FOREIGN KEY ("devotional_id") REFERENCES "public"."devotionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devotionals" ADD CONSTRAINT "devotionals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encouragement_whispers" ADD CONSTRAINT "encouragement_whispers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_devotional_id_devotionals_id_fk" FOREIGN KEY ("devotional_id") REFERENCES "public"."devotionals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_devotional_progress_id_devotional_progress_id_fk" FOREIGN KEY ("devotional_progress_id") REFERENCES "public"."devotional_progress"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_checkins_user_date_key" ON "daily_checkins" USING btree ("user_id","check_in_date");--> statement-breakpoint
CREATE UNIQUE INDEX "devotional_progress_user_devotional_key" ON "devotional_progress" USING btree ("user_id","devotional_id");--> statement-breakpoint
CREATE INDEX "devotional_progress_user_date_idx" ON "devotional_progress" USING btree ("user_id","progress_date") WHERE "devotional_progress"."completed";--> statement-breakpoint
CREATE UNIQUE INDEX "devotionals_user_date_key" ON "devotionals" USING btree ("user_id","devotional_date");--> statement-breakpoint
CREATE INDEX "encouragement_whispers_user_created_idx" ON "encouragement_whispers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "journal_entries_user_created_idx" ON "journal_entries" USING btree ("user_id","created_at");