import { useDocumentTitle } from "@/lib/document-title";
import { CalendarDays, Flame, Settings } from "lucide-react";
import { Link, useParams } from "react-router";
import type { PublicProfile } from "@shepherd/shared/community";
import { focusThemeLabel } from "@shepherd/shared/themes";
import { PostFeed } from "@/community";
import { Avatar } from "@/components/profile/avatar";
import { personName } from "@/components/profile/person-name";
import { Card } from "@/components/ui/card";
import { LoadFailure, QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { hasStatus } from "@/lib/api";
import { useProfile } from "../api/get-profile";

function ProfileSkeleton() {
  return (
    <Card role="status" className="flex items-center gap-4">
      <span className="sr-only">Loading the profile</span>
      <Skeleton className="h-20 w-20 rounded-full" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
      </div>
    </Card>
  );
}

/** /profile/{userId}: name, @username, avatar, focus themes, when he joined, his streak if he shares it, his posts. */
export function ProfilePage() {
  const { userId = "" } = useParams();
  const profile = useProfile(userId);

  return (
    <QueryState
      query={profile}
      loading={<ProfileSkeleton />}
      error={(error) => {
        const missing = hasStatus(error, 404, 400);
        return (
          <LoadFailure
            className="mx-auto max-w-md"
            title={missing ? "We couldn't find this brother" : "Something went wrong"}
            message={
              missing
                ? "This profile doesn't exist, or the account was deleted."
                : "We couldn't load this profile. Please check your connection and try again."
            }
            onRetry={missing ? undefined : () => void profile.refetch()}
          >
            {missing ? (
              <Link to="/pasture" className="inline-block text-sm font-medium text-pasture-700 underline dark:text-gold-300">
                Back to The Pasture
              </Link>
            ) : null}
          </LoadFailure>
        );
      }}
    >
      {(person) => <Profile person={person} />}
    </QueryState>
  );
}

/** The profile, once loaded. */
function Profile({ person }: { person: PublicProfile }) {
  const name = personName(person);
  useDocumentTitle(`${name} · Profile`);
  const joined = new Date(person.joined_at).toLocaleDateString(undefined, { month: "long", year: "numeric" });
  return (
    <div className="space-y-6">
      <Card className="space-y-4">
        <div className="flex items-center gap-4">
          <Avatar name={person.display_name} url={person.avatar_url} size="lg" />
          <div className="min-w-0 flex-1 space-y-1">
            <h1 className="font-serif text-2xl font-semibold break-words text-pasture-900 dark:text-stone-50">{name}</h1>
            {person.username ? <p className="text-stone-600 dark:text-stone-400">@{person.username}</p> : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700 dark:text-stone-300">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="h-4 w-4" />
            Joined {joined}
          </span>
          {person.streak !== null ? (
            <span className="inline-flex items-center gap-1.5 text-amber-700 dark:text-amber-400" data-testid="profile-streak">
              <Flame aria-hidden="true" className="h-4 w-4" />
              {person.streak} {person.streak === 1 ? "day" : "days"} streak
            </span>
          ) : null}
        </div>
        {person.focus.length > 0 ? (
          <div>
            <ul className="flex flex-wrap gap-2" aria-label="Focus">
              {person.focus.map((theme) => (
                <li
                  key={theme}
                  className="rounded-full bg-pasture-100 px-3 py-1 text-sm font-medium text-pasture-800 dark:bg-stone-800 dark:text-gold-300"
                >
                  {focusThemeLabel(theme)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {person.is_me ? (
          <Link
            to="/settings"
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-stone-800 hover:bg-stone-50 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800"
          >
            <Settings aria-hidden="true" className="h-4 w-4" />
            Edit profile
          </Link>
        ) : null}
      </Card>
      <section aria-labelledby="profile-posts" className="space-y-4">
        <h2 id="profile-posts" className="font-serif text-xl font-semibold">
          {person.is_me ? "Your posts" : "Posts"}
        </h2>
        <PostFeed
          filter={{ author: person.id }}
          label={`Posts by ${name}`}
          empty={person.is_me ? "You haven't shared in The Pasture yet." : `${name} hasn't shared in The Pasture yet.`}
        />
      </section>
    </div>
  );
}
