CREATE TABLE "bible_bookmarks" (
	"user_id" text NOT NULL,
	"book_index" smallint NOT NULL,
	"chapter" smallint NOT NULL,
	"verse" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bible_bookmarks_user_id_book_index_chapter_verse_pk" PRIMARY KEY("user_id","book_index","chapter","verse")
);
--> statement-breakpoint
CREATE TABLE "bible_chapters" (
	"translation" text NOT NULL,
	"book_index" smallint NOT NULL,
	"chapter" smallint NOT NULL,
	"verse_count" smallint NOT NULL,
	"blocks" json NOT NULL,
	CONSTRAINT "bible_chapters_translation_book_index_chapter_pk" PRIMARY KEY("translation","book_index","chapter")
);
--> statement-breakpoint
CREATE TABLE "bible_highlights" (
	"user_id" text NOT NULL,
	"book_index" smallint NOT NULL,
	"chapter" smallint NOT NULL,
	"verse" smallint NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bible_highlights_user_id_book_index_chapter_verse_pk" PRIMARY KEY("user_id","book_index","chapter","verse")
);
--> statement-breakpoint
CREATE TABLE "bible_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"book_index" smallint NOT NULL,
	"chapter" smallint NOT NULL,
	"verses" smallint[] NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bible_translations" (
	"id" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"verse_count" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bible_verses" (
	"translation" text NOT NULL,
	"book_index" smallint NOT NULL,
	"chapter" smallint NOT NULL,
	"verse" smallint NOT NULL,
	"text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "bible_verses"."text")) STORED NOT NULL,
	CONSTRAINT "bible_verses_translation_book_index_chapter_verse_pk" PRIMARY KEY("translation","book_index","chapter","verse")
);
--> statement-breakpoint
CREATE TABLE "reader_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"translation" text DEFAULT 'web' NOT NULL,
	"font_size" smallint DEFAULT 18 NOT NULL,
	"line_spacing" text DEFAULT 'normal' NOT NULL,
	"last_book_index" smallint,
	"last_chapter" smallint,
	"last_read_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bible_bookmarks" ADD CONSTRAINT "bible_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bible_chapters" ADD CONSTRAINT "bible_chapters_translation_bible_translations_id_fk" FOREIGN KEY ("translation") REFERENCES "public"."bible_translations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bible_highlights" ADD CONSTRAINT "bible_highlights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bible_notes" ADD CONSTRAINT "bible_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bible_verses" ADD CONSTRAINT "bible_verses_translation_bible_translations_id_fk" FOREIGN KEY ("translation") REFERENCES "public"."bible_translations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_settings" ADD CONSTRAINT "reader_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bible_bookmarks_user_created_idx" ON "bible_bookmarks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bible_highlights_user_updated_idx" ON "bible_highlights" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "bible_notes_user_chapter_idx" ON "bible_notes" USING btree ("user_id","book_index","chapter");--> statement-breakpoint
CREATE INDEX "bible_notes_user_updated_idx" ON "bible_notes" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "bible_verses_search_idx" ON "bible_verses" USING gin ("search");