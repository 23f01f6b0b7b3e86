import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { GATHERING_TITLE_MAX, GATHERING_TITLE_MIN } from "@shepherd/shared/gatherings";
import { useFlocks } from "../api/get-flocks";
import { UpgradePrompt } from "@/components/premium/upgrade-prompt";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { errorMessage } from "@/lib/api";
import { notify } from "@/lib/toast";
import { useCreateGathering } from "../api/create-gathering";
import { useGatherings } from "../api/get-gatherings";
import { GatheringList, joinPath } from "./gathering-list";
import { localTimeZone } from "@/lib/time-zone";

/** The instant of a date and a time typed in a time zone (the browser's own: what his inputs mean). */
function instantOf(date: string, time: string): Date | null {
  if (!date || !time) return null;
  const value = new Date(`${date}T${time}`);
  return Number.isNaN(value.getTime()) ? null : value;
}

const pad = (n: number) => String(n).padStart(2, "0");
const dateValue = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * Host a gathering: start it now or schedule it (a date and a time in his own time zone). Premium members host; a free
 * member sees the gathering_viewing prompt here, where the rule bites. `flockId` fixes the flock (the flock's page).
 */
export function HostGathering({
  flockId,
  seriesSessionId,
  defaultTitle = "",
}: {
  flockId?: string;
  seriesSessionId?: string;
  defaultTitle?: string;
}) {
  const gatherings = useGatherings(flockId);
  const flocks = useFlocks();
  const create = useCreateGathering();
  const navigate = useNavigate();
  const headingId = useId();
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(defaultTitle.slice(0, GATHERING_TITLE_MAX));
  const [flock, setFlock] = useState(flockId ?? "");
  const [when, setWhen] = useState<"now" | "later">("later");
  const [date, setDate] = useState(dateValue(tomorrow));
  const [time, setTime] = useState("19:00");
  const [error, setError] = useState<string | null>(null);

  if (!gatherings.data) return null;
  if (!gatherings.data.can_host) return <UpgradePrompt context="gathering_viewing" variant="banner" />;
  const myFlocks = flocks.data?.flocks ?? [];
  if (!flockId && flocks.data && myFlocks.length === 0) return null;

  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Host a gathering
      </Button>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (trimmed.length < GATHERING_TITLE_MIN)
      return setError(`A gathering's title must be at least ${GATHERING_TITLE_MIN} characters`);
    if (!flock) return setError("Choose one of your flocks");
    let startsAt: string | undefined;
    if (when === "later") {
      const instant = instantOf(date, time);
      if (!instant) return setError("Pick a date and time for the gathering");
      startsAt = instant.toISOString();
    }
    setError(null);
    create.mutate(
      {
        flock_id: flock,
        title: trimmed,
        starts_at: startsAt,
        time_zone: localTimeZone(),
        ...(seriesSessionId ? { series_session_id: seriesSessionId } : {}),
      },
      {
        onSuccess: (gathering) => {
          if (when === "now") {
            void navigate(joinPath(gathering.room_name));
            return;
          }
          notify("Gathering scheduled", "Your brothers have been told. It shows in their time zone.");
          setOpen(false);
          setTitle(defaultTitle.slice(0, GATHERING_TITLE_MAX));
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <Card className="space-y-4">
      <h3 id={headingId} className="font-semibold text-pasture-900 dark:text-stone-50">
        Host a gathering
      </h3>
      <form aria-labelledby={headingId} onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Title">
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              value={title}
              maxLength={GATHERING_TITLE_MAX}
              onChange={(e) => setTitle(e.target.value)}
              placeholder="Thursday prayer"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              autoFocus
            />
          )}
        </Field>
        {flockId ? null : (
          <Field label="Flock">
            {({ id }) => (
              <Select id={id} value={flock} onChange={(e) => setFlock(e.target.value)}>
                <option value="">Choose a flock</option>
                {myFlocks.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">When</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="when" checked={when === "now"} onChange={() => setWhen("now")} /> Start now
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="when" checked={when === "later"} onChange={() => setWhen("later")} /> Schedule it
          </label>
        </fieldset>
        {when === "later" ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Date">
              {({ id }) => (
                <Input id={id} type="date" value={date} min={dateValue(new Date())} onChange={(e) => setDate(e.target.value)} />
              )}
            </Field>
            <Field label="Time" hint={`In your time zone (${localTimeZone()}); each brother sees it in his own.`}>
              {({ id, describedBy }) => (
                <Input
                  id={id}
                  type="time"
                  value={time}
                  onChange={(e) => setTime(e.target.value)}
                  aria-describedby={describedBy}
                />
              )}
            </Field>
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={create.isPending}>
            {when === "now" ? "Start now" : "Schedule"}
          </Button>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** A flock's gatherings on its page: the upcoming ones with Join, and hosting (or the Premium prompt). */
export function FlockGatherings({ flockId }: { flockId: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="font-serif text-lg font-semibold text-pasture-900 dark:text-stone-50">
        Gatherings
      </h2>
      <GatheringList flockId={flockId} empty="No gatherings planned. When one is, it shows here with a Join link." />
      <HostGathering flockId={flockId} />
    </section>
  );
}
