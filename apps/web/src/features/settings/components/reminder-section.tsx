import { BellRing } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/ui/input";
import { LabelledRow } from "@/components/ui/labelled-row";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/cn";
import {
  notificationPermission,
  subscribeThisBrowser,
  thisBrowserPushState,
  type SubscribeResult,
  unsubscribeThisBrowser,
} from "@/lib/pwa/push";
import { notify, showError } from "@/lib/toast";
import { WEEKDAY_NAMES } from "@shepherd/shared/dates";
import type { ReminderChanges } from "@shepherd/shared/reminders";
import { useReminders, useSendTestReminder, useUpdateReminders } from "../api/reminders";
import { SettingsSection } from "./settings-section";

/** The week's days as the reminder's day buttons show them: "Su" for Sunday, its full name for screen readers. */
const DAYS = WEEKDAY_NAMES.map((long, day) => ({ day, short: long.slice(0, 2), long }));

type DeviceState = "checking" | "on" | "off" | "denied" | "unsupported";

/** What this browser can do about notifications, as the section shows it. */
function useDeviceState(): [DeviceState, (state: DeviceState) => void] {
  const [state, setState] = useState<DeviceState>("checking");
  useEffect(() => {
    let live = true;
    const permission = notificationPermission();
    if (permission === "unsupported") setState("unsupported");
    else if (permission === "denied") setState("denied");
    else
      void thisBrowserPushState()
        .then((state) => live && setState(state === "on" && permission !== "granted" ? "off" : state))
        .catch(() => live && setState("off"));
    return () => {
      live = false;
    };
  }, []);
  return [state, setState];
}

/**
 * Issue 18: the daily reminder. Turning it on asks this browser for permission to show notifications (only on that
 * tap); the time, the days, email as the fallback, mention notifications and a test reminder.
 */
export function ReminderSection() {
  const settings = useReminders();
  const update = useUpdateReminders();
  const test = useSendTestReminder();
  const [device, setDevice] = useDeviceState();
  const [busy, setBusy] = useState(false);
  const [dayHint, setDayHint] = useState<string | null>(null);
  const timeId = useId();
  const daysId = useId();
  const s = settings.data;
  const sectionRef = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const loaded = Boolean(s);
  // The reminder email's "change its time or turn it off" leads here (/settings#reminders): bring the section into view.
  useEffect(() => {
    if (location.hash === "#reminders" && loaded) sectionRef.current?.scrollIntoView({ block: "start" });
  }, [location.hash, loaded]);

  const save = (changes: ReminderChanges, done?: string) =>
    update.mutateAsync(changes).then(
      () => (done ? notify(done) : undefined),
      (error: unknown) => showError(error),
    );

  /** Signs this browser up (the permission prompt comes from this tap), and says what happened. */
  const enableHere = async (): Promise<SubscribeResult> => {
    const result = await subscribeThisBrowser();
    if (result === "subscribed") setDevice("on");
    if (result === "denied") setDevice("denied");
    if (result === "unsupported") setDevice("unsupported");
    return result;
  };

  const turnOn = async () => {
    setBusy(true);
    try {
      const result = notificationPermission() === "denied" ? "denied" : await enableHere();
      // A browser that cannot show notifications: the reminder comes by email instead (he can turn it off below).
      const email = result === "unsupported" ? { email: true } : {};
      await save(
        { enabled: true, push: true, ...email },
        result === "unsupported" ? "Daily reminder on, by email" : "Daily reminder on",
      );
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const turnOff = () => save({ enabled: false }, "Daily reminder off");

  const toggleDevice = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) await enableHere();
      else {
        await unsubscribeThisBrowser();
        setDevice("off");
      }
      await settings.refetch();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const toggleDay = (day: number) => {
    if (!s) return;
    const next = s.weekdays.includes(day) ? s.weekdays.filter((d) => d !== day) : [...s.weekdays, day].sort();
    if (next.length === 0) {
      setDayHint("Keep at least one day. To pause reminders, turn the daily reminder off.");
      return;
    }
    setDayHint(null);
    void save({ weekdays: next });
  };

  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: ({ pushed, emailed }) =>
        notify(
          "Test reminder sent",
          [pushed ? `to ${pushed === 1 ? "1 browser" : `${pushed} browsers`}` : null, emailed ? "by email" : null]
            .filter(Boolean)
            .join(" and ") + ".",
        ),
      onError: showError,
    });

  return (
    <div id="reminders" ref={sectionRef} className="scroll-mt-20">
      <SettingsSection
        title="Daily reminder"
        description="A gentle nudge at the time you choose. None is sent once today's devotional is done."
      >
        {!s ? (
          <p className="text-sm text-stone-600 dark:text-stone-400">
            {settings.isError ? "Could not load your reminder." : "Loading..."}
          </p>
        ) : (
          <div className="space-y-5">
            <LabelledRow label="Remind me each day" hint={s.enabled ? `At ${s.time}, your time (${s.time_zone}).` : "Off"}>
              {(ids) => (
                <Switch
                  checked={s.enabled}
                  disabled={busy || update.isPending}
                  aria-labelledby={ids.label}
                  aria-describedby={ids.hint}
                  onChange={(next) => void (next ? turnOn() : turnOff())}
                />
              )}
            </LabelledRow>

            {s.enabled ? (
              <>
                <div className="space-y-1.5">
                  <label htmlFor={timeId} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
                    Time
                  </label>
                  <input
                    id={timeId}
                    type="time"
                    step={60}
                    required
                    className={cn(controlClass, "w-40 max-w-full")}
                    value={s.time}
                    onChange={(event) => {
                      const value = event.target.value.slice(0, 5);
                      if (/^\d\d:\d\d$/.test(value) && value !== s.time) void save({ time: value });
                    }}
                  />
                </div>

                <div className="space-y-1.5">
                  <p id={daysId} className="text-sm font-medium text-stone-800 dark:text-stone-200">
                    Days
                  </p>
                  <div role="group" aria-labelledby={daysId} className="grid grid-cols-7 gap-1">
                    {DAYS.map(({ day, short, long }) => {
                      const pressed = s.weekdays.includes(day);
                      return (
                        <button
                          key={day}
                          type="button"
                          aria-pressed={pressed}
                          aria-label={long}
                          title={long}
                          onClick={() => toggleDay(day)}
                          className={cn(
                            "min-h-11 min-w-0 rounded-lg border text-sm font-medium transition-colors",
                            pressed
                              ? "border-pasture-700 bg-pasture-700 text-white dark:border-gold-500 dark:bg-gold-500 dark:text-stone-950"
                              : "border-stone-300 bg-white text-stone-800 hover:border-stone-400 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-200",
                          )}
                        >
                          {short}
                        </button>
                      );
                    })}
                  </div>
                  {dayHint ? (
                    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                      {dayHint}
                    </p>
                  ) : null}
                </div>

                <LabelledRow
                  label="Email me the reminder"
                  hint="For browsers without notifications. Each email has a link to turn it off."
                >
                  {(ids) => (
                    <Switch
                      checked={s.email}
                      disabled={update.isPending}
                      aria-labelledby={ids.label}
                      aria-describedby={ids.hint}
                      onChange={(next) => void save({ email: next })}
                    />
                  )}
                </LabelledRow>
              </>
            ) : null}

            <LabelledRow
              label="Notifications on this device"
              hint={
                device === "unsupported"
                  ? "This browser cannot show notifications. Your daily reminder can come by email instead, or install Shepherd on your phone's home screen."
                  : device === "denied"
                    ? "Notifications are blocked for Shepherd. Allow them in your browser's site settings (the icon beside the address), then come back here."
                    : device === "on"
                      ? "This device shows your reminders and mentions."
                      : "Turn on to get your reminders and mentions here."
              }
            >
              {(ids) =>
                device === "unsupported" || device === "denied" ? null : (
                  <Switch
                    checked={device === "on"}
                    disabled={busy || device === "checking"}
                    aria-labelledby={ids.label}
                    aria-describedby={ids.hint}
                    onChange={(next) => void toggleDevice(next)}
                  />
                )
              }
            </LabelledRow>

            <LabelledRow
              label="Mention notifications"
              hint="When someone mentions you and Shepherd is not open, on devices with notifications on."
            >
              {(ids) => (
                <Switch
                  checked={s.mention_push}
                  disabled={update.isPending}
                  aria-labelledby={ids.label}
                  aria-describedby={ids.hint}
                  onChange={(next) => void save({ mention_push: next })}
                />
              )}
            </LabelledRow>

            {s.enabled ? (
              <Button variant="secondary" onClick={sendTest} disabled={test.isPending}>
                <BellRing aria-hidden="true" className="h-4 w-4" />
                {test.isPending ? "Sending..." : "Send a test reminder"}
              </Button>
            ) : null}
          </div>
        )}
      </SettingsSection>
    </div>
  );
}
