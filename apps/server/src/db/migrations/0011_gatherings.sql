CREATE TABLE "gathering_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gathering_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gathering_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gatherings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_name" text NOT NULL,
	"flock_id" uuid NOT NULL,
	"series_session_id" uuid,
	"host_id" text NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"event_seq" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gatherings_room_name_unique" UNIQUE("room_name")
);
--> statement-breakpoint
ALTER TABLE "gathering_events" ADD CONSTRAINT "gathering_events_gathering_id_gatherings_id_fk" FOREIGN KEY ("gathering_id") REFERENCES "public"."gatherings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gathering_events" ADD CONSTRAINT "gathering_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gatherings" ADD CONSTRAINT "gatherings_flock_id_flocks_id_fk" FOREIGN KEY ("flock_id") REFERENCES "public"."flocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gatherings" ADD CONSTRAINT "gatherings_series_session_id_series_sessions_id_fk" FOREIGN KEY ("series_session_id") REFERENCES "public"."series_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gatherings" ADD CONSTRAINT "gatherings_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gathering_events_gathering_seq_key" ON "gathering_events" USING btree ("gathering_id","seq");--> statement-breakpoint
CREATE INDEX "gathering_events_user_kind_idx" ON "gathering_events" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "gatherings_flock_starts_idx" ON "gatherings" USING btree ("flock_id","starts_at");--> statement-breakpoint
CREATE INDEX "gatherings_host_idx" ON "gatherings" USING btree ("host_id");