CREATE TABLE "series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text,
	"source" text NOT NULL,
	"owner_id" text,
	"flock_id" uuid,
	"theme" text NOT NULL,
	"title" text NOT NULL,
	"promise" text NOT NULL,
	"description" text NOT NULL,
	"session_count" integer DEFAULT 0 NOT NULL,
	"content_version" text,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "series_follows" (
	"user_id" text NOT NULL,
	"series_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_follows_user_id_series_id_pk" PRIMARY KEY("user_id","series_id")
);
--> statement-breakpoint
CREATE TABLE "series_session_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_session_completions" (
	"user_id" text NOT NULL,
	"session_id" uuid NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_session_completions_user_id_session_id_pk" PRIMARY KEY("user_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "series_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"passage" text NOT NULL,
	"teaching" text NOT NULL,
	"questions" text[] NOT NULL,
	"challenge" text NOT NULL,
	"prayer" text NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_follows" ADD CONSTRAINT "series_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_follows" ADD CONSTRAINT "series_follows_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_session_comments" ADD CONSTRAINT "series_session_comments_session_id_series_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."series_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_session_comments" ADD CONSTRAINT "series_session_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_session_completions" ADD CONSTRAINT "series_session_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_session_completions" ADD CONSTRAINT "series_session_completions_session_id_series_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."series_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_sessions" ADD CONSTRAINT "series_sessions_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_owner_idx" ON "series" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "series_flock_idx" ON "series" USING btree ("flock_id");--> statement-breakpoint
CREATE INDEX "series_follows_series_idx" ON "series_follows" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "series_session_comments_session_created_idx" ON "series_session_comments" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "series_session_completions_session_idx" ON "series_session_completions" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "series_sessions_series_position_key" ON "series_sessions" USING btree ("series_id","position");