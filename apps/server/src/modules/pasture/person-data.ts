import { schema } from "../../db/client";
import { ownFiles, ownRows, type PersonData } from "../../db/person-data";

const { posts, postComments } = schema;

export const pastureData: PersonData = {
  export: {
    pasture_posts: ownRows(
      posts,
      {
        kind: posts.kind,
        body: posts.body,
        scripture_ref: posts.scriptureRef,
        image_url: posts.imageUrl,
        created_at: posts.createdAt,
        updated_at: posts.updatedAt,
      },
      posts.createdAt,
    ),
    pasture_comments: ownRows(
      postComments,
      { post_id: postComments.postId, body: postComments.body, created_at: postComments.createdAt },
      postComments.createdAt,
    ),
  },
  /** His posts' pictures go with the posts. */
  beforeDelete: ownFiles(posts, { owner: posts.userId, file: posts.imageUrl }),
};
