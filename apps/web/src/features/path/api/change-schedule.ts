import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PlanDetail } from "@shepherd/shared/path";
import { api } from "@/lib/api";
import { pathChanged } from "@/lib/path";

export type ScheduleChange = "pause" | "resume" | "restart" | "reset-schedule";

/** POST /api/path/plans/{id}/{pause|resume|restart|reset-schedule}. */
export function changeSchedule(input: { planId: string; change: ScheduleChange }) {
  return api<PlanDetail>(`/api/path/plans/${input.planId}/${input.change}`, { body: {} });
}

export function useChangeSchedule() {
  const client = useQueryClient();
  return useMutation({ mutationFn: changeSchedule, onSuccess: (plan) => pathChanged(client, plan) });
}
