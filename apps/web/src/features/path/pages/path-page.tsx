import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { PLAN_LENGTHS, PLAN_POLL_INTERVAL_MS, type MyPlans, type PlanLengthId } from "@shepherd/shared/path";
import { FOCUS_THEMES, type FocusThemeId } from "@shepherd/shared/themes";
import { UpgradePrompt } from "@/components/premium/upgrade-prompt";
import { FilterChips } from "@/components/ui/filter-chips";
import { PageHeading } from "@/components/ui/page";
import { Loading, QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { myPlansQuery, useMyPlans } from "@/lib/path";
import { useLibrary } from "../api/get-library";
import { BuildPlanLink } from "../components/builder/builder-links";
import { CreatePlanLink, OwnPlansList } from "../components/own-plans";
import { LibraryCard, MyPlanCard } from "../components/plan-card";
import { TogetherSection } from "../components/together/together-section";

const ANY = "any";

function CardsLoading({ label }: { label: string }) {
  return (
    <Loading label={label} className="grid gap-3 md:grid-cols-2">
      <Skeleton className="h-28" />
      <Skeleton className="h-28" />
    </Loading>
  );
}

function MyPlansSection() {
  const mine = useMyPlans();
  return (
    <section aria-labelledby="my-plans" className="space-y-3">
      <h2 id="my-plans" className="font-serif text-xl font-semibold">
        My plans
      </h2>
      <QueryState
        query={mine}
        loading={<CardsLoading label="Loading your plans" />}
        error="Couldn't load your plans."
        isEmpty={(data) => data.active.length === 0 && data.completed.length === 0}
        empty="You're not following a plan yet. Choose one below: most take ten minutes a day."
      >
        {(data) => (
          <div className="space-y-4">
            {data.active.length ? (
              <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
                {data.active.map((plan) => (
                  <li key={plan.id}>
                    <MyPlanCard plan={plan} />
                  </li>
                ))}
              </ul>
            ) : null}
            {data.completed.length ? (
              <div className="space-y-2">
                <h3 className="text-sm font-semibold text-stone-700 dark:text-stone-300">Completed</h3>
                <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
                  {data.completed.map((plan) => (
                    <li key={plan.id}>
                      <MyPlanCard plan={plan} />
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

const writingAny = (data: MyPlans | undefined) => Boolean(data?.own.some((plan) => plan.status === "generating"));

/** Plans he made, with the way to make one; while one is written, its progress is read again every 5 seconds. */
function OwnPlansSection() {
  const mine = useQuery({
    ...myPlansQuery,
    refetchInterval: (query) => (writingAny(query.state.data) ? PLAN_POLL_INTERVAL_MS : false),
  });
  return (
    <section aria-labelledby="own-plans" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="space-y-1">
          <h2 id="own-plans" className="font-serif text-xl font-semibold">
            Your own plans
          </h2>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            Written for you from your goal, your season of life and the time you have.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <CreatePlanLink />
          <BuildPlanLink />
        </div>
      </div>
      {mine.data?.own.length ? <OwnPlansList plans={mine.data.own} /> : null}
    </section>
  );
}

function FindAPlan() {
  const [theme, setTheme] = useState<FocusThemeId | typeof ANY>(ANY);
  const [length, setLength] = useState<PlanLengthId | typeof ANY>(ANY);
  const library = useLibrary({ theme: theme === ANY ? undefined : theme, length: length === ANY ? undefined : length });
  return (
    <section aria-labelledby="find-a-plan" className="space-y-3">
      <div className="space-y-1">
        <h2 id="find-a-plan" className="font-serif text-xl font-semibold">
          Find a plan
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          Recommended for you first, from your focus and what you're carrying.
        </p>
      </div>
      <FilterChips
        label="Theme"
        value={theme}
        options={[{ value: ANY, label: "All themes" }, ...FOCUS_THEMES.map((t) => ({ value: t.id, label: t.label }))]}
        onChange={setTheme}
      />
      <FilterChips
        label="Length"
        value={length}
        options={[{ value: ANY, label: "Any length" }, ...PLAN_LENGTHS.map((l) => ({ value: l.id, label: l.label }))]}
        onChange={setLength}
      />
      <QueryState
        query={library}
        loading={<CardsLoading label="Loading plans" />}
        error="Couldn't load the plans."
        isEmpty={(plans) => plans.length === 0}
        empty="No plan of that theme and length yet. Try another length."
      >
        {(plans) => (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
            {plans.map((plan) => (
              <li key={plan.id}>
                <LibraryCard plan={plan} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

/** /path: my plans (in progress, then finished) and the library to find the next one. */
export function PathPage() {
  return (
    <div className="space-y-8">
      <PageHeading
        title="The Path"
        description="Plans to follow one day at a time: a reading, a question, a challenge and a prayer."
      />
      <TogetherSection />
      <MyPlansSection />
      <OwnPlansSection />
      <FindAPlan />
      <UpgradePrompt context="plan_viewing" />
    </div>
  );
}
