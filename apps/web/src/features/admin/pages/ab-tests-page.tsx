import { useState } from "react";
import {
  CONVERSION_EVENTS,
  UPGRADE_BANNER_EXPERIMENT,
  createExperimentInput,
  type AdminExperiment,
  type ConversionEvent,
  type ExperimentVariantResult,
} from "@shepherd/shared/experiments";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Loading, QueryState } from "@/components/ui/query-state";
import { notify, showError } from "@/lib/toast";
import { useCreateExperiment, useSetExperimentRunning } from "../api/experiment-actions";
import { experimentsUrl, useExperiments } from "../api/get-experiments";
import { PagedTable, when } from "../components/paged-table";

const percent = (v: number | null) => (v === null ? "—" : `${(v * 100).toFixed(1)}%`);

/** "control: 10 of 100 converted, 10.0% (95% CI 5.5% to 17.4%), p = 0.005 against the first variant." */
function VariantResult({ r, first }: { r: ExperimentVariantResult; first: boolean }) {
  return (
    <li>
      <span className="font-medium">{r.variant}</span> (weight {r.weight}): {r.converted} of {r.exposed} converted,{" "}
      {percent(r.rate)}
      {r.ci_low !== null ? ` (95% CI ${percent(r.ci_low)} to ${percent(r.ci_high)})` : ""}
      {first ? "" : r.p_value === null ? ", p-value not yet" : `, p = ${r.p_value.toFixed(3)} against the first`}
    </li>
  );
}

function Actions({ experiment }: { experiment: AdminExperiment }) {
  const running = useSetExperimentRunning();
  if (experiment.status === "stopped") return <span>Stopped</span>;
  const start = experiment.status === "draft";
  return (
    <Button
      size="sm"
      variant={start ? "primary" : "secondary"}
      disabled={running.isPending}
      onClick={() =>
        running.mutate(
          { id: experiment.id, running: start },
          { onSuccess: () => notify(start ? "Experiment started" : "Experiment stopped"), onError: showError },
        )
      }
    >
      {start ? `Start ${experiment.name}` : `Stop ${experiment.name}`}
    </Button>
  );
}

function NewExperiment() {
  const create = useCreateExperiment();
  const [name, setName] = useState<string>(UPGRADE_BANNER_EXPERIMENT.name);
  const [variants, setVariants] = useState<string>(
    `${UPGRADE_BANNER_EXPERIMENT.control}:50, ${UPGRADE_BANNER_EXPERIMENT.variant}:50`,
  );
  const [event, setEvent] = useState<ConversionEvent>("checkout_start");
  const [error, setError] = useState<string | null>(null);
  return (
    <Card className="space-y-3">
      <h2 className="font-semibold">New experiment</h2>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        The app runs one experiment: <code>{UPGRADE_BANNER_EXPERIMENT.name}</code>, the upgrade banner after Mark Complete, with
        variants <code>{UPGRADE_BANNER_EXPERIMENT.control}</code> (today&apos;s text) and{" "}
        <code>{UPGRADE_BANNER_EXPERIMENT.variant}</code>. Variants and weights cannot change once created, so no member&apos;s
        variant moves. A member counts as converted when he does the action after first seeing his variant.
      </p>
      <form
        className="grid gap-3 md:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = createExperimentInput.safeParse({
            name,
            variants: variants
              .split(",")
              .map((part) => part.trim())
              .filter(Boolean)
              .map((part) => {
                const [variantName = "", weight = ""] = part.split(":");
                return { name: variantName.trim(), weight: Number(weight.trim()) };
              }),
            conversion_event: event,
          });
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            setError(issue ? `${issue.path.join(" ") || "Experiment"}: ${issue.message}` : "Check the experiment");
            return;
          }
          setError(null);
          create.mutate(parsed.data, {
            onSuccess: () => notify("Experiment created", "Start it when ready."),
            onError: showError,
          });
        }}
      >
        <Field label="Name">
          {({ id }) => <Input id={id} value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Variants (name:weight, comma separated; the first is the control)" error={error}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              value={variants}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(e) => setVariants(e.target.value)}
            />
          )}
        </Field>
        <Field label="Conversion (a named action)">
          {({ id }) => (
            <Select id={id} value={event} onChange={(e) => setEvent(e.target.value as ConversionEvent)}>
              {CONVERSION_EVENTS.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="md:col-span-3">
          <Button type="submit" disabled={create.isPending}>
            Create experiment
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** /admin/ab-tests: define, start and stop experiments, and read their results by variant. */
export function AbTestsPanel() {
  const [page, setPage] = useState(1);
  const list = useExperiments(page);
  return (
    <div className="space-y-6">
      <NewExperiment />
      <Card className="space-y-3">
        <h2 className="font-semibold">Experiments</h2>
        <QueryState
          query={list}
          look="plain"
          loading={<Loading label="Loading experiments" />}
          error="The experiments could not be loaded."
        >
          {(data) => (
            <PagedTable
              caption="Experiments and their results"
              page={data}
              rowKey={(e) => e.id}
              onPage={setPage}
              csvUrl={experimentsUrl(1, "csv")}
              empty="No experiments yet."
              columns={[
                { header: "Experiment", cell: (e) => e.name },
                { header: "Status", cell: (e) => e.status },
                { header: "Conversion", cell: (e) => e.conversion_event },
                {
                  header: "Ran",
                  cell: (e) =>
                    e.started_at ? `${when(e.started_at)} to ${e.stopped_at ? when(e.stopped_at) : "now"}` : "Not started",
                },
                {
                  header: "Results",
                  cell: (e) => (
                    <ul className="space-y-1">
                      {e.results.map((r, i) => (
                        <VariantResult key={r.variant} r={r} first={i === 0} />
                      ))}
                    </ul>
                  ),
                },
                { header: "Action", cell: (e) => <Actions experiment={e} /> },
              ]}
            />
          )}
        </QueryState>
      </Card>
    </div>
  );
}
