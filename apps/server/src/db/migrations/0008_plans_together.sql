CREATE TABLE "plan_day_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"discussion_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_day_discussions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"day_number" integer NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_group_members" (
	"group_id" uuid NOT NULL,
	"flock_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone,
	CONSTRAINT "plan_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "plan_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"flock_id" uuid NOT NULL,
	"started_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_day_comments" ADD CONSTRAINT "plan_day_comments_discussion_id_plan_day_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."plan_day_discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_day_comments" ADD CONSTRAINT "plan_day_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_day_discussions" ADD CONSTRAINT "plan_day_discussions_group_id_plan_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."plan_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_group_members" ADD CONSTRAINT "plan_group_members_group_id_plan_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."plan_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_group_members" ADD CONSTRAINT "plan_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_group_members" ADD CONSTRAINT "plan_group_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_group_members" ADD CONSTRAINT "plan_group_members_flock_id_user_id_flock_members_flock_id_user_id_fk" FOREIGN KEY ("flock_id","user_id") REFERENCES "public"."flock_members"("flock_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_groups" ADD CONSTRAINT "plan_groups_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_groups" ADD CONSTRAINT "plan_groups_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_groups" ADD CONSTRAINT "plan_groups_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_day_comments_discussion_created_idx" ON "plan_day_comments" USING btree ("discussion_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_day_discussions_group_day_key" ON "plan_day_discussions" USING btree ("group_id","day_number");--> statement-breakpoint
CREATE INDEX "plan_group_members_user_idx" ON "plan_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_groups_plan_flock_key" ON "plan_groups" USING btree ("plan_id","flock_id");--> statement-breakpoint
CREATE INDEX "plan_groups_flock_idx" ON "plan_groups" USING btree ("flock_id");