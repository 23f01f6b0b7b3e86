import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminExperiment, CreateExperimentInput } from "@shepherd/shared/experiments";
import { api } from "@/lib/api";
import { adminKeys } from "./keys";

/** POST /api/admin/experiments: a draft experiment (audited). */
export function createExperiment(input: CreateExperimentInput) {
  return api<AdminExperiment>("/api/admin/experiments", { body: input });
}

/** POST /api/admin/experiments/:id/start or /stop (audited). */
export function setExperimentRunning(input: { id: string; running: boolean }) {
  return api<AdminExperiment>(`/api/admin/experiments/${input.id}/${input.running ? "start" : "stop"}`, { method: "POST" });
}

export function useCreateExperiment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createExperiment,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.experiments }),
  });
}

export function useSetExperimentRunning() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setExperimentRunning,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.experiments }),
  });
}
