import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PlanDayResult, PlanDetail } from "@shepherd/shared/path";
import { api } from "@/lib/api";
import { OFFLINE_MUTATION, writeOrKeep } from "@/lib/offline/sync";
import { pathChanged } from "@/lib/path";
import { deviceDate } from "@/lib/time-zone";

/**
 * POST /api/path/plans/{id}/days/{n}/complete (done) or DELETE (undone, by mistake). Done may be marked offline: it
 * is kept on the device with `made_on`, his date when he marked it, and `null` is answered (issue 18).
 */
export async function setDayComplete(input: { planId: string; day: number; done: boolean }): Promise<PlanDayResult | null> {
  const path = `/api/path/plans/${input.planId}/days/${input.day}/complete`;
  if (!input.done) {
    return api<PlanDetail>(path, { method: "DELETE" }).then((plan) => ({ plan, finished_now: false }));
  }
  return writeOrKeep<PlanDayResult>({
    method: "POST",
    path,
    body: {},
    // The device's date: the server checks it against his own today, 3 days back at most.
    queuedBody: { made_on: deviceDate() },
    label: `Day ${input.day}`,
  });
}

export function useSetDayComplete() {
  const client = useQueryClient();
  return useMutation({
    ...OFFLINE_MUTATION,
    mutationFn: setDayComplete,
    onSuccess: (result) => (result ? pathChanged(client, result.plan) : undefined),
  });
}
