import { and, desc, eq, isNotNull } from "drizzle-orm";
import { schema } from "../../db/client";
import type { PersonData } from "../../db/person-data";

const { posts, postComments } = schema;

export const pastureData: PersonData = {
  export: {
    pasture_posts: (db, userId) =>
      db
        .select({
          kind: posts.kind,
          body: posts.body,
          scripture_ref: posts.scriptureRef,
          image_url: posts.imageUrl,
          created_at: posts.createdAt,
          updated_at: posts.updatedAt,
        })
        .from(posts)
        .where(eq(posts.userId, userId))
        .orderBy(desc(posts.createdAt)),
    pasture_comments: (db, userId) =>
      db
        .select({ post_id: postComments.postId, body: postComments.body, created_at: postComments.createdAt })
        .from(postComments)
        .where(eq(postComments.userId, userId))
        .orderBy(desc(postComments.createdAt)),
  },
  /** His posts' pictures go with the posts. */
  async beforeDelete(db, userId) {
    const pictures = await db
      .select({ imageUrl: posts.imageUrl })
      .from(posts)
      .where(and(eq(posts.userId, userId), isNotNull(posts.imageUrl)));
    return pictures.map((p) => p.imageUrl);
  },
};
