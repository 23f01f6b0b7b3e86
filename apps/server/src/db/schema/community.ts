import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { devotionals } from "./today";
import { uuidPrimaryKey, ownerId, createdAt, updatedAt, hiddenAt } from "./columns";

/** The Pasture: posts and prayer requests (docs/community.md). Deleting a post deletes its comments and reactions. */
export const posts = pgTable(
  "posts",
  {
    id: uuidPrimaryKey(),
    userId: ownerId(),
    kind: text("kind").notNull().default("post"),
    body: text("body").notNull(),
    scriptureRef: text("scripture_ref"),
    imageUrl: text("image_url"),
    commentCount: integer("comment_count").notNull().default(0),
    prayingCount: integer("praying_count").notNull().default(0),
    encourageCount: integer("encourage_count").notNull().default(0),
    hiddenAt: hiddenAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("posts_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("posts_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
  ],
);

export const postComments = pgTable(
  "post_comments",
  {
    id: uuidPrimaryKey(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: ownerId(),
    body: text("body").notNull(),
    hiddenAt: hiddenAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("post_comments_post_created_idx").on(t.postId, t.createdAt)],
);

export const postReactions = pgTable(
  "post_reactions",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: ownerId(),
    kind: text("kind").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId, t.kind] })],
);

/** What members report, for the admin area's reports page. */
export const contentReports = pgTable(
  "content_reports",
  {
    id: uuidPrimaryKey(),
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    targetType: text("target_type").notNull(),
    targetId: uuid("target_id").notNull(),
    /** The reported text as it was, so a later edit or delete does not hide what was reported. */
    excerpt: text("excerpt").notNull(),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
  },
  (t) => [
    index("content_reports_status_created_idx").on(t.status, t.createdAt),
    uniqueIndex("content_reports_once_idx").on(t.reporterId, t.targetType, t.targetId),
  ],
);

/** My Flock: a small group of brothers. */
export const flocks = pgTable("flocks", {
  id: uuidPrimaryKey(),
  name: text("name").notNull(),
  description: text("description"),
  /** The secret in the invite link (/flock/join/{code}); the owner can replace it. */
  inviteCode: text("invite_code").notNull().unique(),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
});

/** status: invited (by username, waiting for an answer) or active. role: owner or member. */
export const flockMembers = pgTable(
  "flock_members",
  {
    flockId: uuid("flock_id")
      .notNull()
      .references(() => flocks.id, { onDelete: "cascade" }),
    userId: ownerId(),
    role: text("role").notNull().default("member"),
    status: text("status").notNull().default("active"),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    joinedAt: timestamp("joined_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.flockId, t.userId] }), index("flock_members_user_idx").on(t.userId, t.status)],
);

export const reflections = pgTable(
  "reflections",
  {
    id: uuidPrimaryKey(),
    flockId: uuid("flock_id")
      .notNull()
      .references(() => flocks.id, { onDelete: "cascade" }),
    userId: ownerId(),
    body: text("body").notNull(),
    prompt: text("prompt"),
    devotionalId: uuid("devotional_id").references(() => devotionals.id, { onDelete: "set null" }),
    devotionalTitle: text("devotional_title"),
    commentCount: integer("comment_count").notNull().default(0),
    hiddenAt: hiddenAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("reflections_flock_created_idx").on(t.flockId, t.createdAt.desc(), t.id.desc())],
);

export const reflectionComments = pgTable(
  "reflection_comments",
  {
    id: uuidPrimaryKey(),
    reflectionId: uuid("reflection_id")
      .notNull()
      .references(() => reflections.id, { onDelete: "cascade" }),
    userId: ownerId(),
    body: text("body").notNull(),
    hiddenAt: hiddenAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("reflection_comments_reflection_created_idx").on(t.reflectionId, t.createdAt)],
);
