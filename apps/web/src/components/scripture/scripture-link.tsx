import type { ReactNode } from "react";
import { Link } from "react-router";
import { referencePath } from "@shepherd/shared/word-links";
import { cn } from "@/lib/cn";

/** A scripture reference that opens The Word at that passage ("Ephesians 5:25" -> /word?ref=Ephesians%205%3A25). */
export function ScriptureLink(props: { reference: string; className?: string; children?: ReactNode }) {
  return (
    <Link
      to={referencePath(props.reference)}
      className={cn("underline decoration-1 underline-offset-2 hover:decoration-2", props.className)}
      aria-label={`${props.reference}, open in The Word`}
    >
      {props.children ?? props.reference}
    </Link>
  );
}
