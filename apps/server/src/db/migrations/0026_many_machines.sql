CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"area" text NOT NULL,
	"bytes" bigint NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"process_id" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"version" text NOT NULL,
	"role" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"memory_bytes" bigint NOT NULL,
	"connections" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_connections" ADD CONSTRAINT "live_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_connections" ADD CONSTRAINT "live_connections_process_id_server_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."server_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_id","area");--> statement-breakpoint
CREATE INDEX "stored_files_area_created_idx" ON "stored_files" USING btree ("area","created_at");--> statement-breakpoint
CREATE INDEX "live_connections_user_idx" ON "live_connections" USING btree ("user_id","kind","opened_at");--> statement-breakpoint
CREATE INDEX "live_connections_process_idx" ON "live_connections" USING btree ("process_id");--> statement-breakpoint
CREATE INDEX "server_processes_last_seen_idx" ON "server_processes" USING btree ("last_seen_at");