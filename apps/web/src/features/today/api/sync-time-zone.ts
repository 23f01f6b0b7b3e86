import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api";
import { localTimeZone } from "@/lib/time-zone";
import { whenIdle } from "@/lib/when-idle";
import { todayQuery } from "./get-today";

/** PUT /api/profile/time-zone. */
export function saveTimeZone(zone: string) {
  return api("/api/profile/time-zone", { method: "PUT", body: { time_zone: zone } });
}

/** "Today" is the person's own day: tell the server the browser's time zone when it differs. */
export function useSyncTimeZone(serverZone: string | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (!serverZone) return;
    // Once the page has settled: where the browser has no Temporal, naming the zone loads Intl's locale data.
    return whenIdle(() => {
      const zone = localTimeZone();
      if (zone === serverZone) return;
      saveTimeZone(zone)
        .then(() => client.invalidateQueries({ queryKey: todayQuery.queryKey }))
        .catch((error: unknown) => console.error("could not save the time zone", error));
    });
  }, [serverZone, client]);
}
