import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReminderChanges, ReminderSettings } from "@shepherd/shared/reminders";
import { api } from "@/lib/api";

export const remindersQuery = queryOptions({
  queryKey: ["reminders"],
  queryFn: () => api<ReminderSettings>("/api/reminders"),
});

export function useReminders() {
  return useQuery(remindersQuery);
}

/** PATCH /api/reminders: only the fields given change; the answer is the whole settings. */
export function useUpdateReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ReminderChanges) => api<ReminderSettings>("/api/reminders", { method: "PATCH", body: changes }),
    onSuccess: (settings) => client.setQueryData(remindersQuery.queryKey, settings),
  });
}

/** POST /api/reminders/test: a reminder now, by push to his browsers and by email when those are on. */
export function useSendTestReminder() {
  return useMutation({
    mutationFn: () => api<{ pushed: number; emailed: boolean }>("/api/reminders/test", { method: "POST" }),
  });
}
