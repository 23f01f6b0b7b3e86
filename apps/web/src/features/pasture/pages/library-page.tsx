import { Plus, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { FOCUS_THEMES, type FocusThemeId } from "@shepherd/shared/themes";
import { FilterChips } from "@/components/ui/filter-chips";
import { Input } from "@/components/ui/input";
import { PageHeading } from "@/components/ui/page";
import { Loading, QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useSeriesLibrary } from "../api/series/get-library";
import { useMySeries } from "../api/series/get-my-series";
import { PastureNav } from "../components/pasture-nav";
import { FollowedSeriesCard, SeriesCard } from "../components/series-card";

const ANY = "any";
/** Search as he types, once he pauses. */
const SEARCH_PAUSE_MS = 300;

function CardsLoading({ label }: { label: string }) {
  return (
    <Loading label={label} className="grid gap-3 md:grid-cols-2">
      <Skeleton className="h-28" />
      <Skeleton className="h-28" />
    </Loading>
  );
}

const createSeriesLinkClass =
  "inline-flex h-10 items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-stone-800 hover:bg-stone-50 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800";

function MySeriesSection() {
  const mine = useMySeries();
  return (
    <section aria-labelledby="my-series" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-series" className="font-serif text-xl font-semibold">
          My series
        </h2>
        <Link to="/pasture/library/new" className={createSeriesLinkClass}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Create a series
        </Link>
      </div>
      <QueryState
        query={mine}
        loading={<CardsLoading label="Loading your series" />}
        error="Couldn't load your series."
        isEmpty={(data) => data.following.length === 0 && data.own.length === 0}
        empty="You're not following a series yet. Open one below, read its first session, and take it with your brothers."
      >
        {(data) => (
          <div className="space-y-4">
            {data.following.length ? (
              <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
                {data.following.map((series) => (
                  <li key={series.id}>
                    <FollowedSeriesCard series={series} />
                  </li>
                ))}
              </ul>
            ) : null}
            {data.own.length ? (
              <div className="space-y-2">
                <h3 className="text-sm font-semibold text-stone-700 dark:text-stone-300">Made by you</h3>
                <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
                  {data.own.map((series) => (
                    <li key={series.id}>
                      <SeriesCard series={series} />
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        )}
      </QueryState>
    </section>
  );
}

function BrowseSection() {
  const [theme, setTheme] = useState<FocusThemeId | typeof ANY>(ANY);
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const library = useSeriesLibrary({ theme: theme === ANY ? undefined : theme, q: q || undefined });
  return (
    <section aria-labelledby="browse-series" className="space-y-3">
      <div className="space-y-1">
        <h2 id="browse-series" className="font-serif text-xl font-semibold">
          Browse the library
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          Short series for a group of men: a passage, a teaching, questions to talk through, a challenge for the week.
        </p>
      </div>
      <div className="relative max-w-md">
        <label htmlFor="series-search" className="sr-only">
          Search series
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone-500"
        />
        <Input
          id="series-search"
          type="search"
          value={typed}
          maxLength={100}
          placeholder="Search titles, descriptions and sessions"
          onChange={(event) => setTyped(event.target.value)}
          className="pl-9"
        />
      </div>
      <FilterChips
        label="Theme"
        value={theme}
        options={[{ value: ANY, label: "All themes" }, ...FOCUS_THEMES.map((t) => ({ value: t.id, label: t.label }))]}
        onChange={setTheme}
      />
      <QueryState
        query={library}
        loading={<CardsLoading label="Loading series" />}
        error="Couldn't load the library."
        isEmpty={(data) => data.series.length === 0}
        empty={q ? `No series matches "${q}". Try other words or another theme.` : "No series in this theme yet. Try another."}
      >
        {(data) => (
          <ul aria-label="Series" className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
            {data.series.map((series) => (
              <li key={series.id}>
                <SeriesCard series={series} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

/** /pasture/library: my series (followed, with the next session; and my own), then the library by theme and search. */
export function LibraryPage() {
  return (
    <div className="space-y-8">
      <div>
        <PastureNav />
        <PageHeading
          title="Series Library"
          description="Short courses to take with your brothers: read a session, talk it through, and carry it into the week."
        />
      </div>
      <MySeriesSection />
      <BrowseSection />
    </div>
  );
}
