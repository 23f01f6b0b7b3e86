import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { ExperimentAssignment } from "@shepherd/shared/experiments";
import { api } from "./api";

export const experimentQuery = (name: string) =>
  queryOptions({
    queryKey: ["experiment", name],
    queryFn: () => api<ExperimentAssignment>(`/api/experiments/${encodeURIComponent(name)}`),
    // A member's variant never changes while the experiment runs; a stop shows on the next load.
    staleTime: 10 * 60 * 1000,
    retry: false,
  });

/**
 * The signed-in member's variant of the named A/B test: undefined while loading, null when none runs (or it cannot
 * be loaded: then the default text shows). With `exposed`, records once that he was shown his variant, for the
 * results on /admin/ab-tests.
 */
export function useExperiment(name: string, options: { exposed: boolean }): string | null | undefined {
  const query = useQuery(experimentQuery(name));
  const variant = query.isPending ? undefined : (query.data?.variant ?? null);
  const recorded = useRef(false);
  useEffect(() => {
    if (!options.exposed || !variant || recorded.current) return;
    recorded.current = true;
    api(`/api/experiments/${encodeURIComponent(name)}/exposure`, { method: "POST" }).catch((error: unknown) =>
      console.error("experiment exposure failed", error),
    );
  }, [name, options.exposed, variant]);
  return variant;
}
