import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { Page } from "@shepherd/shared/community";
import { QueryState } from "@/components/ui/query-state";
import { LoadMore } from "./load-more";

/** Cards newest first, older ones loading as he scrolls: The Pasture's posts, a flock's reflections. */
export function Feed<T extends { id: string }>(props: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  /** The list's accessible name. */
  label: string;
  loading: ReactNode;
  error: string;
  empty: ReactNode;
  /** The button that loads older items. */
  olderLabel: string;
  /** Say "You're all caught up." under a long list that has no more. */
  endNote?: boolean;
  children: (item: T) => ReactNode;
}) {
  const { query } = props;
  return (
    <QueryState
      query={query}
      loading={props.loading}
      error={props.error}
      isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
      empty={props.empty}
    >
      {(data) => {
        const items = data.pages.flatMap((page) => page.items);
        return (
          <div className="space-y-4">
            <ul aria-label={props.label} className="space-y-4">
              {items.map((item) => (
                <li key={item.id}>{props.children(item)}</li>
              ))}
            </ul>
            <LoadMore
              hasNextPage={query.hasNextPage}
              isFetchingNextPage={query.isFetchingNextPage}
              isError={query.isFetchNextPageError}
              fetchNextPage={query.fetchNextPage}
              label={props.olderLabel}
            />
            {props.endNote && !query.hasNextPage && items.length > 5 ? (
              <p className="py-2 text-center text-sm text-stone-600 dark:text-stone-400">You're all caught up.</p>
            ) : null}
          </div>
        );
      }}
    </QueryState>
  );
}
