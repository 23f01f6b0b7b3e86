import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { usePosts, type PostFilter } from "../api/get-posts";
import { LoadMore } from "./load-more";
import { PostCard } from "./post-card";

export function PostSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">Loading posts</span>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} className="space-y-3 p-4 sm:p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="h-9 w-9 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-3.5 w-1/3" />
              <Skeleton className="h-3 w-1/4" />
            </div>
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
          <div className="flex gap-2">
            <Skeleton className="h-9 w-36 rounded-full" />
            <Skeleton className="h-9 w-28 rounded-full" />
          </div>
        </Card>
      ))}
    </div>
  );
}

/** Posts newest first, loading older ones on scroll; The Pasture (all or prayer requests) and a profile's posts. */
export function PostFeed({ filter, empty, label }: { filter: PostFilter; empty: ReactNode; label: string }) {
  const posts = usePosts(filter);
  if (posts.isPending) return <PostSkeletons />;
  if (posts.isError) {
    return (
      <Card className="space-y-3 text-center">
        <p role="alert">We couldn't load the posts. Please check your connection and try again.</p>
        <Button variant="secondary" onClick={() => void posts.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  const items = posts.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return <Card className="text-center text-stone-700 dark:text-stone-300">{empty}</Card>;
  }
  return (
    <div className="space-y-4">
      <ul aria-label={label} className="space-y-4">
        {items.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasNextPage={posts.hasNextPage}
        isFetchingNextPage={posts.isFetchingNextPage}
        isError={posts.isFetchNextPageError}
        fetchNextPage={posts.fetchNextPage}
        label="Load older posts"
      />
      {!posts.hasNextPage && items.length > 5 ? (
        <p className="py-2 text-center text-sm text-stone-600 dark:text-stone-400">You're all caught up.</p>
      ) : null}
    </div>
  );
}
