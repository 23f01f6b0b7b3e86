import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PlanDayResult, PlanDetail } from "@shepherd/shared/path";
import { api } from "@/lib/api";
import { pathChanged } from "@/lib/path";

/** POST /api/path/plans/{id}/days/{n}/complete (done) or DELETE (undone, by mistake). */
export function setDayComplete(input: { planId: string; day: number; done: boolean }) {
  const path = `/api/path/plans/${input.planId}/days/${input.day}/complete`;
  return input.done
    ? api<PlanDayResult>(path, { body: {} })
    : api<PlanDetail>(path, { method: "DELETE" }).then((plan) => ({ plan, finished_now: false }));
}

export function useSetDayComplete() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setDayComplete, onSuccess: (result) => pathChanged(client, result.plan) });
}
