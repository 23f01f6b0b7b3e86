CREATE TABLE "plan_day_completions" (
	"enrollment_id" uuid NOT NULL,
	"plan_day_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"completed_on" date NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_day_completions_enrollment_id_plan_day_id_pk" PRIMARY KEY("enrollment_id","plan_day_id")
);
--> statement-breakpoint
CREATE TABLE "plan_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"day_number" integer NOT NULL,
	"title" text NOT NULL,
	"passages" text[] NOT NULL,
	"cited_references" text[] DEFAULT '{}'::text[] NOT NULL,
	"reading" text NOT NULL,
	"questions" text[] NOT NULL,
	"challenge" text NOT NULL,
	"prayer" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"start_date" date NOT NULL,
	"paused_on" date,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text,
	"source" text NOT NULL,
	"owner_id" text,
	"theme" text NOT NULL,
	"title" text NOT NULL,
	"promise" text NOT NULL,
	"description" text NOT NULL,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"minutes_per_day" integer NOT NULL,
	"day_count" integer DEFAULT 0 NOT NULL,
	"content_version" text,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "plan_day_id" uuid;--> statement-breakpoint
ALTER TABLE "plan_day_completions" ADD CONSTRAINT "plan_day_completions_enrollment_id_plan_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."plan_enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_day_completions" ADD CONSTRAINT "plan_day_completions_plan_day_id_plan_days_id_fk" FOREIGN KEY ("plan_day_id") REFERENCES "public"."plan_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_day_completions" ADD CONSTRAINT "plan_day_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_days" ADD CONSTRAINT "plan_days_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_enrollments" ADD CONSTRAINT "plan_enrollments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_enrollments" ADD CONSTRAINT "plan_enrollments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_day_completions_user_idx" ON "plan_day_completions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_days_plan_day_key" ON "plan_days" USING btree ("plan_id","day_number");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_enrollments_user_plan_key" ON "plan_enrollments" USING btree ("user_id","plan_id");--> statement-breakpoint
CREATE INDEX "plans_owner_idx" ON "plans" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_plan_day_id_plan_days_id_fk" FOREIGN KEY ("plan_day_id") REFERENCES "public"."plan_days"("id") ON DELETE set null ON UPDATE no action;