import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PersonRef } from "@shepherd/shared/community";
import { Avatar } from "@/components/profile/avatar";
import { personName } from "@/components/profile/person-name";
import { TimeAgo } from "./time-ago";

/**
 * Who wrote something and when: avatar, display name (to his profile), @username, relative time, "edited", and
 * "hidden by an admin" (only its author and admins still see it).
 */
export function AuthorLine(props: { author: PersonRef; at: string; edited?: boolean; hidden?: boolean; children?: ReactNode }) {
  const { author } = props;
  const name = personName(author);
  return (
    <div className="flex min-w-0 items-start gap-3">
      <Link to={`/profile/${author.id}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Avatar name={author.display_name} url={author.avatar_url} size="sm" />
      </Link>
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <Link to={`/profile/${author.id}`} className="group flex min-w-0 flex-wrap items-baseline gap-x-2">
            <span className="min-w-0 font-semibold text-stone-900 group-hover:underline dark:text-stone-100">{name}</span>
            {author.username ? <span className="min-w-0 text-stone-600 dark:text-stone-400">@{author.username}</span> : null}
          </Link>
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-stone-600 dark:text-stone-400">
          <TimeAgo at={props.at} />
          {props.edited ? <span>· edited</span> : null}
          {props.hidden ? <span className="font-medium text-red-800 dark:text-red-300">· hidden by an admin</span> : null}
          {props.children}
        </p>
      </div>
    </div>
  );
}
