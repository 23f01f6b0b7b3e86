import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";

/**
 * Infinite scroll: older items load when this comes near the viewport, and a "Load more" button does the same for
 * keyboards, screen readers and browsers without IntersectionObserver.
 */
export function LoadMore(props: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isError?: boolean;
  fetchNextPage: () => unknown;
  label?: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = props;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isFetchingNextPage || isError || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) fetchNextPage();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className="flex flex-col items-center gap-2 py-2">
      {isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Couldn't load more. Please try again.
        </p>
      ) : null}
      <Button variant="secondary" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
        {isFetchingNextPage ? "Loading..." : (props.label ?? "Load more")}
      </Button>
    </div>
  );
}
