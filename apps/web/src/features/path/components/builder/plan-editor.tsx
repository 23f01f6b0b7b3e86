import { History } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { BuilderPlan } from "@shepherd/shared/path";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { ApiError, errorMessage } from "@/lib/api";
import { useLeaveGuard } from "@/lib/leave-guard";
import { notify, notifyError } from "@/lib/toast";
import { useDeletePlan } from "@/features/path/api/delete-plan";
import { useDiscardBuilderChanges } from "@/features/path/api/discard-builder-changes";
import { usePublishBuilderPlan } from "@/features/path/api/publish-builder-plan";
import { useSaveBuilderPlan } from "@/features/path/api/save-builder-plan";
import {
  addDay,
  canAddDay,
  canRemoveDay,
  clearFieldErrors,
  clearLocalCopy,
  dayFieldKey,
  dayHasErrors,
  fieldId,
  firstErrorField,
  fromBuilderPlan,
  loadLocalCopy,
  mapServerIssues,
  moveAnnouncement,
  moveDay,
  NO_ERRORS,
  planFieldKey,
  removeDay,
  samePlan,
  saveLocalCopy,
  toSaveBody,
  updateDay,
  type BuilderErrors,
  type DayField,
  type EditorDay,
  type EditorPlan,
  type PlanField,
} from "@/features/path/plan-builder";
import { BuilderDayForm } from "./builder-day-form";
import { BuilderDayList } from "./builder-day-list";
import { BuilderPlanFields } from "./builder-plan-fields";

const GENERAL_ERRORS_ID = "builder-problems";

function statusLine(server: BuilderPlan, unsaved: boolean): string {
  const saved =
    server.status === "draft"
      ? "Draft: only you can see it until you publish it."
      : server.unpublished_changes
        ? "Published. Your saved changes are not published yet: followers read the published days."
        : "Published.";
  return unsaved ? `${saved} You have unsaved changes.` : saved;
}

/** The element ids to try, in order, to put focus on a field (a list's first box, or its Add button, stand for it). */
const focusIdsFor = (key: string) => [fieldId(key), fieldId(`${key}.0`), `${fieldId(key)}-add`];

/**
 * The editor for one of his plans: the plan's fields, its days (list beside the selected day's form from 1024 px),
 * Save as draft, Publish, Discard changes and Delete plan. Every edit is kept in browser storage until a save succeeds,
 * so a failed save or a reload loses nothing.
 */
export function PlanEditor({ initial }: { initial: BuilderPlan }) {
  const planId = initial.id;
  const navigate = useNavigate();
  const [server, setServer] = useState(initial);
  const [baseline, setBaseline] = useState<EditorPlan>(() => fromBuilderPlan(initial));
  const [restoredCopy] = useState(() => {
    const copy = loadLocalCopy(window.localStorage, planId);
    return copy && !samePlan(copy, baseline) ? copy : null;
  });
  const [plan, setPlan] = useState<EditorPlan>(restoredCopy ?? baseline);
  const [showRestored, setShowRestored] = useState(restoredCopy !== null);
  const [errors, setErrors] = useState<BuilderErrors>(NO_ERRORS);
  const [selectedKey, setSelectedKey] = useState(plan.days[0]!.key);
  const [announcement, setAnnouncement] = useState("");
  const [focusIds, setFocusIds] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<"discard" | "delete" | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const saveMutation = useSaveBuilderPlan();
  const publishMutation = usePublishBuilderPlan();
  const discardMutation = useDiscardBuilderChanges();
  const deleteMutation = useDeletePlan();
  const busy = saveMutation.isPending || publishMutation.isPending;

  const unsaved = !samePlan(plan, baseline);
  const guard = useLeaveGuard(unsaved);

  // The local copy follows every edit; once saved (nothing unsaved) it goes.
  useEffect(() => {
    if (unsaved) saveLocalCopy(window.localStorage, planId, plan);
    else clearLocalCopy(window.localStorage, planId);
  }, [plan, unsaved, planId]);

  useLayoutEffect(() => {
    if (!focusIds) return;
    const target = focusIds.map((id) => document.getElementById(id)).find(Boolean);
    target?.focus();
    if (target && target.id !== GENERAL_ERRORS_ID) target.scrollIntoView({ block: "center" });
    setFocusIds(null);
  }, [focusIds]);

  const selectedIndex = Math.max(
    0,
    plan.days.findIndex((day) => day.key === selectedKey),
  );
  const selected = plan.days[selectedIndex]!;

  const changePlan = (changes: Partial<Omit<EditorPlan, "days">>, field: PlanField) => {
    setPlan((current) => ({ ...current, ...changes }));
    setErrors((current) => clearFieldErrors(current, planFieldKey(field)));
  };
  const changeDay = (key: string, changes: Partial<Omit<EditorDay, "key">>, field: DayField) => {
    setPlan((current) => updateDay(current, key, changes));
    setErrors((current) => clearFieldErrors(current, dayFieldKey(key, field)));
  };

  const onMove = useCallback((from: number, to: number, announce: boolean) => {
    setPlan((current) => moveDay(current, from, to));
    if (announce) setAnnouncement(moveAnnouncement(from, to));
  }, []);
  const onDragEnd = useCallback((from: number, to: number) => {
    if (from !== to) setAnnouncement(moveAnnouncement(from, to));
  }, []);

  const add = () => {
    const next = addDay(plan);
    const added = next.days[next.days.length - 1]!;
    setPlan(next);
    setSelectedKey(added.key);
    setAnnouncement(`Day ${next.days.length} added`);
    setFocusIds([fieldId(dayFieldKey(added.key, "title"))]);
  };

  const remove = (index: number) => {
    const removed = plan.days[index]!;
    const next = removeDay(plan, index);
    if (next === plan) return;
    setPlan(next);
    setSelectedKey(next.days[Math.min(index, next.days.length - 1)]!.key);
    setAnnouncement(`Day ${index + 1} removed`);
    setFocusIds(["builder-day-heading"]);
    notify(`Day ${index + 1} removed`, removed.title.trim() || undefined, {
      action: {
        label: "Undo",
        onClick: () =>
          setPlan((current) => {
            const days = [...current.days];
            days.splice(Math.min(index, days.length), 0, removed);
            return { ...current, days };
          }),
      },
    });
  };

  const select = (key: string) => {
    setSelectedKey(key);
    // On a phone the day's form is below the list: bring it into view.
    if (window.matchMedia("(max-width: 1023px)").matches) {
      requestAnimationFrame(() => document.getElementById("builder-day")?.scrollIntoView({ block: "start" }));
    }
  };

  /** A refused save or publish: each message on its field, focus on the first; what names no field, above. */
  const showProblems = (error: unknown, sent: EditorPlan, title: string) => {
    notifyError(title, errorMessage(error));
    const issues = error instanceof ApiError && error.issues?.length ? error.issues : [errorMessage(error)];
    const mapped = mapServerIssues(sent, issues);
    setErrors(mapped);
    const first = firstErrorField(sent, mapped);
    if (first?.dayKey) setSelectedKey(first.dayKey);
    setFocusIds(first ? focusIdsFor(first.key) : [GENERAL_ERRORS_ID]);
  };

  const save = async (sent: EditorPlan, failedTitle: string): Promise<boolean> => {
    try {
      const saved = await saveMutation.mutateAsync({ planId, plan: toSaveBody(sent) });
      setServer(saved);
      setBaseline(sent);
      setErrors(NO_ERRORS);
      setShowRestored(false);
      return true;
    } catch (error) {
      showProblems(error, sent, failedTitle);
      return false;
    }
  };

  const saveDraft = async () => {
    if (await save(plan, "Your plan was not saved.")) notify("Draft saved", "Only you can see it until you publish it.");
  };

  const publish = async () => {
    const sent = plan;
    if (!(await save(sent, "Your plan was not published."))) return;
    try {
      await publishMutation.mutateAsync(planId);
      clearLocalCopy(window.localStorage, planId);
      notify("Plan published", "It is ready to follow.");
      navigate(`/path/${planId}`);
    } catch (error) {
      showProblems(error, sent, "Your plan was not published.");
    }
  };

  const discard = async () => {
    if (server.unpublished_changes) {
      try {
        const published = await discardMutation.mutateAsync(planId);
        const fresh = fromBuilderPlan(published);
        setServer(published);
        setBaseline(fresh);
        setPlan(fresh);
        setSelectedKey(fresh.days[0]!.key);
      } catch (error) {
        notifyError("Your changes were not discarded.", errorMessage(error));
        return;
      }
    } else {
      setPlan(baseline);
      if (!baseline.days.some((day) => day.key === selectedKey)) setSelectedKey(baseline.days[0]!.key);
    }
    setErrors(NO_ERRORS);
    setShowRestored(false);
    setDialog(null);
    notify("Changes discarded");
  };

  const deletePlan = () => {
    setDeleteError(null);
    deleteMutation.mutate(planId, {
      onSuccess: () => {
        clearLocalCopy(window.localStorage, planId);
        notify("Plan deleted");
        navigate("/path");
      },
      onError: (error) => setDeleteError(errorMessage(error)),
    });
  };

  const canDiscard = unsaved || server.unpublished_changes;

  return (
    <div className="space-y-6 lg:mx-[calc((46rem_-_min(100vw_-_4rem,76rem))/2)]">
      <Link to="/path" className="text-sm font-medium text-pasture-700 hover:underline dark:text-gold-300">
        ← The Path
      </Link>
      <header className="space-y-1">
        <h1 className="font-serif text-2xl font-semibold text-pasture-900 dark:text-stone-50">Plan Builder</h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p data-testid="builder-status" className="text-stone-700 dark:text-stone-300">
            {statusLine(server, unsaved)}
          </p>
          {canDiscard ? (
            <Button variant="secondary" size="sm" onClick={() => setDialog("discard")} disabled={busy}>
              Discard changes
            </Button>
          ) : null}
        </div>
      </header>

      {showRestored ? (
        <Card role="status" className="flex flex-wrap items-start gap-3 border-gold-400 bg-gold-300/20">
          <History aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-gold-600" />
          <div className="min-w-0 flex-1 space-y-1">
            <p className="font-semibold text-pasture-900 dark:text-stone-50">Restored your unsaved changes</p>
            <p className="text-sm text-stone-700 dark:text-stone-300">
              They were kept on this device. Save as draft to keep them, or Discard changes to go back to your saved plan.
            </p>
          </div>
          <Button variant="ghost" size="sm" onClick={() => setShowRestored(false)}>
            Dismiss
          </Button>
        </Card>
      ) : null}

      {errors.general.length ? (
        <div
          id={GENERAL_ERRORS_ID}
          tabIndex={-1}
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          <ul className="space-y-1">
            {errors.general.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <BuilderPlanFields plan={plan} errors={errors} onChange={changePlan} />

      <section aria-labelledby="builder-days-heading" className="space-y-4">
        <h2 id="builder-days-heading" className="font-serif text-xl font-semibold">
          Days
        </h2>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <div className="min-w-0 lg:sticky lg:top-24 lg:self-start">
            <BuilderDayList
              days={plan.days}
              selectedKey={selected.key}
              flagged={(key) => dayHasErrors(errors, key)}
              canAdd={canAddDay(plan)}
              onSelect={select}
              onMove={onMove}
              onDragEnd={onDragEnd}
              onAdd={add}
            />
          </div>
          <Card id="builder-day" className="min-w-0 scroll-mt-24 p-4 sm:p-5">
            <BuilderDayForm
              key={selected.key}
              day={selected}
              number={selectedIndex + 1}
              count={plan.days.length}
              errors={errors}
              canRemove={canRemoveDay(plan)}
              onChange={(changes, field) => changeDay(selected.key, changes, field)}
              onRemove={() => remove(selectedIndex)}
            />
          </Card>
        </div>
      </section>

      <p role="status" className="sr-only" data-testid="builder-announcement">
        {announcement}
      </p>

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 pt-4 dark:border-stone-800">
        <p className="text-sm text-stone-600 dark:text-stone-400">A plan you made can be deleted unless others follow it.</p>
        <Button
          variant="ghost"
          className="text-red-700 dark:text-red-400"
          onClick={() => {
            setDeleteError(null);
            setDialog("delete");
          }}
          disabled={busy}
        >
          Delete plan
        </Button>
      </div>

      <div className="sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-20 flex items-center gap-2 rounded-2xl border border-stone-200 bg-white/95 p-2 shadow-lg backdrop-blur dark:border-stone-800 dark:bg-stone-900/95">
        <Button onClick={() => void publish()} disabled={busy}>
          Publish
        </Button>
        <Button variant="secondary" onClick={() => void saveDraft()} disabled={busy}>
          {saveMutation.isPending && !publishMutation.isPending ? "Saving..." : "Save as draft"}
        </Button>
      </div>

      <Dialog
        open={dialog === "discard"}
        onClose={() => setDialog(null)}
        title="Discard changes?"
        description={
          server.unpublished_changes
            ? "Your changes since you last published go, saved or not. Followers keep reading the published days."
            : "Your changes since you last saved go."
        }
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setDialog(null)}>
            Keep editing
          </Button>
          <Button variant="danger" onClick={() => void discard()} disabled={discardMutation.isPending}>
            Discard changes
          </Button>
        </div>
      </Dialog>

      <Dialog
        open={dialog === "delete"}
        onClose={() => setDialog(null)}
        title="Delete this plan?"
        description={`"${server.title}" and its days go for good, with any progress on them.`}
      >
        {deleteError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {deleteError}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setDialog(null)}>
            Cancel
          </Button>
          <Button variant="danger" onClick={deletePlan} disabled={deleteMutation.isPending}>
            Delete plan
          </Button>
        </div>
      </Dialog>

      <Dialog
        open={guard.pending !== null}
        onClose={guard.stay}
        title="Leave without saving?"
        description="Your unsaved changes stay on this device, and come back when you open this plan in the builder again."
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={guard.stay}>
            Stay
          </Button>
          <Button onClick={guard.leave}>Leave</Button>
        </div>
      </Dialog>
    </div>
  );
}
