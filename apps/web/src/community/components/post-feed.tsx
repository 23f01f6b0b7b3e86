import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { Loading } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { usePosts, type PostFilter } from "../api/get-posts";
import { Feed } from "./feed";
import { PostCard } from "./post-card";

export function PostSkeletons({ count = 3 }: { count?: number }) {
  return (
    <Loading label="Loading posts" className="space-y-4">
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
    </Loading>
  );
}

/** Posts newest first, loading older ones on scroll; The Pasture (all or prayer requests) and a profile's posts. */
export function PostFeed({ filter, empty, label }: { filter: PostFilter; empty: ReactNode; label: string }) {
  const posts = usePosts(filter);
  return (
    <Feed
      query={posts}
      label={label}
      loading={<PostSkeletons />}
      error="We couldn't load the posts. Please check your connection and try again."
      empty={empty}
      olderLabel="Load older posts"
      endNote
    >
      {(post) => <PostCard post={post} />}
    </Feed>
  );
}
