import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Button } from "./button";
import { Card } from "./card";

/** What <QueryState> reads of a TanStack Query result, plain or infinite. */
export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

type Look = "card" | "plain" | "compact";

/** Something is loading: its label for screen readers, and the skeleton sighted people see. */
export function Loading(props: { label: string; className?: string; children?: ReactNode }) {
  return (
    <div role="status" className={props.className}>
      <span className="sr-only">{props.label}</span>
      {props.children}
    </div>
  );
}

/** Loading failed: why, as an alert, and "Try again" (left out where trying again cannot help). */
export function LoadError(props: { message: ReactNode; onRetry?: () => void; look?: Look }) {
  const look = props.look ?? "card";
  const retry = props.onRetry ? (
    <Button variant="secondary" size={look === "compact" ? "sm" : "md"} onClick={props.onRetry}>
      Try again
    </Button>
  ) : null;
  if (look === "card") {
    return (
      <Card className="space-y-3 text-center">
        <p role="alert">{props.message}</p>
        {retry}
      </Card>
    );
  }
  return (
    <div className={look === "compact" ? "flex items-center gap-3 py-3 text-sm" : "space-y-2"}>
      <p role="alert" className={look === "compact" ? "text-red-700 dark:text-red-400" : "text-stone-700 dark:text-stone-300"}>
        {props.message}
      </p>
      {retry}
    </div>
  );
}

/** A page's own item could not be shown: a heading saying why, what he can do, and Try again when it can help. */
export function LoadFailure(props: {
  title: string;
  message: string;
  onRetry?: () => void;
  className?: string;
  /** A way on, such as a link back. */
  children?: ReactNode;
}) {
  return (
    <Card className={cn("space-y-3 text-center", props.className)}>
      <h1 className="font-serif text-xl font-semibold">{props.title}</h1>
      <p className="text-stone-700 dark:text-stone-300">{props.message}</p>
      {props.onRetry ? (
        <Button variant="secondary" onClick={props.onRetry}>
          Try again
        </Button>
      ) : null}
      {props.children}
    </Card>
  );
}

const EMPTY_CLASS: Record<Look, string> = {
  card: "text-center text-stone-700 dark:text-stone-300",
  plain: "text-stone-600 dark:text-stone-400",
  compact: "py-3 text-sm text-stone-600 dark:text-stone-400",
};

/**
 * The four states of a page's data, in one place: loading (`loading`), failed (`error`, with Try again), empty
 * (`empty`, when `isEmpty` says so), or the content. Each page passes its own words.
 */
export function QueryState<T>(props: {
  query: QueryLike<T>;
  loading: ReactNode;
  /** The alert's text, or the whole view of the failure (given the error) when the page says more. */
  error: ReactNode | ((error: Error) => ReactNode);
  /** false where trying again cannot help. */
  retry?: boolean;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  look?: Look;
  children: (data: T) => ReactNode;
}) {
  const { query, look = "card" } = props;
  if (query.isPending) return <>{props.loading}</>;
  if (query.isError || query.data === undefined) {
    const error = query.error ?? new Error("No data");
    if (typeof props.error === "function") return <>{props.error(error)}</>;
    return (
      <LoadError message={props.error} look={look} onRetry={props.retry === false ? undefined : () => void query.refetch()} />
    );
  }
  if (props.isEmpty?.(query.data)) {
    return look === "card" ? (
      <Card className={EMPTY_CLASS.card}>{props.empty}</Card>
    ) : (
      <p className={EMPTY_CLASS[look]}>{props.empty}</p>
    );
  }
  return <>{props.children(query.data)}</>;
}
