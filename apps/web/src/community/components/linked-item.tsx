import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import type { Post } from "@shepherd/shared/community";
import { Card } from "@/components/ui/card";
import { Loading } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { hasStatus } from "@/lib/api";
import { postQuery } from "../api/get-posts";
import { PostCard } from "./post-card";

/**
 * The item a notification links to, shown above the page's feed: a heading that takes focus (he arrives here from the
 * bell), the item with its comments open, and a way back to the whole feed. When the item is gone, that is said.
 */
export function LinkedItem<T>(props: {
  query: { data?: T; isPending: boolean; error: unknown; isError: boolean };
  /** What it is, for the heading ("post", "reflection"). */
  what: string;
  /** Where the whole feed is (the page without the item's query). */
  backTo: string;
  backLabel: string;
  children: (item: T) => ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const gone = props.query.isError && hasStatus(props.query.error, 404, 403, 400);
  return (
    <section aria-labelledby="linked-item-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="linked-item-heading" ref={heading} tabIndex={-1} className="font-semibold outline-none">
          {gone ? `This ${props.what} is no longer here` : `The ${props.what} you were mentioned in`}
        </h2>
        <Link to={props.backTo} className="text-sm font-medium text-pasture-700 underline dark:text-gold-300">
          {props.backLabel}
        </Link>
      </div>
      {props.query.data !== undefined ? (
        props.children(props.query.data)
      ) : props.query.isPending ? (
        <Loading label={`Loading the ${props.what}`} className="space-y-3">
          <Skeleton className="h-32 w-full rounded-2xl" />
        </Loading>
      ) : (
        <Card className="text-sm text-stone-700 dark:text-stone-300">
          {gone
            ? `It may have been deleted, or you can no longer see it.`
            : `We couldn't load this ${props.what}. Please check your connection and reload the page.`}
        </Card>
      )}
    </section>
  );
}

/** /pasture?post={id}(&comment={id}): the post a notification is about, comments open, the comment marked. */
export function LinkedPost({ postId, commentId }: { postId: string; commentId: string | null }) {
  const post = useQuery(postQuery(postId));
  return (
    <LinkedItem<Post> query={post} what="post" backTo="/pasture" backLabel="Show all posts">
      {(item) => <PostCard key={item.id} post={item} openComments={Boolean(commentId)} markedComment={commentId} />}
    </LinkedItem>
  );
}
