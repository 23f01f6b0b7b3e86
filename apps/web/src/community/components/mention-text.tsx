import { Fragment } from "react";
import { Link } from "react-router";
import { USERNAME_MAX, USERNAME_MIN } from "@shepherd/shared/constants";
import { cn } from "@/lib/cn";

/** The same @name rule as `extractMentions` in packages/shared/src/community.ts, here to find where each one sits. */
const MENTION = new RegExp(`(^|[^A-Za-z0-9_@])(@[A-Za-z0-9_]{${USERNAME_MIN},${USERNAME_MAX}})(?![A-Za-z0-9_])`, "g");

/** Splits text into plain runs and @mentions, so React renders every part as text (never as HTML). */
export function splitMentions(text: string): Array<{ text: string; mention: boolean }> {
  const parts: Array<{ text: string; mention: boolean }> = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    const start = match.index + match[1]!.length;
    if (start > last) parts.push({ text: text.slice(last, start), mention: false });
    parts.push({ text: match[2]!, mention: true });
    last = start + match[2]!.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), mention: false });
  return parts;
}

/** What a brother wrote, line breaks kept, each @mention a link to that brother's profile. */
export function MentionText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={cn("break-words whitespace-pre-wrap", className)}>
      {splitMentions(text).map((part, index) =>
        part.mention ? (
          <Link
            key={index}
            to={`/profile/${encodeURIComponent(part.text)}`}
            className="font-medium text-pasture-700 hover:underline dark:text-gold-300"
          >
            {part.text}
          </Link>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
