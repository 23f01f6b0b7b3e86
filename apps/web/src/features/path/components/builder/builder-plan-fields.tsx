import { BUILDER_LIMITS } from "@shepherd/shared/path";
import { FOCUS_THEMES, type FocusThemeId } from "@shepherd/shared/themes";
import { CharacterCount } from "@/components/ui/character-count";
import { Input, Textarea } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { planFieldKey, type BuilderErrors, type EditorPlan, type PlanField } from "@/features/path/plan-builder";
import { BuilderField } from "./builder-fields";

type PlanChanges = Partial<Omit<EditorPlan, "days">>;

/** The plan's own fields: title, promise, description, theme and minutes a day. */
export function BuilderPlanFields(props: {
  plan: EditorPlan;
  errors: BuilderErrors;
  onChange: (changes: PlanChanges, field: PlanField) => void;
}) {
  const { plan } = props;
  const error = (field: PlanField) => props.errors.fields[planFieldKey(field)];
  return (
    <section aria-labelledby="builder-plan-heading" className="space-y-4">
      <h2 id="builder-plan-heading" className="font-serif text-xl font-semibold">
        About the plan
      </h2>
      <BuilderField fieldKey={planFieldKey("title")} label="Title" error={error("title")}>
        {(control) => (
          <Input
            {...control}
            value={plan.title}
            maxLength={BUILDER_LIMITS.planTitle}
            onChange={(event) => props.onChange({ title: event.target.value }, "title")}
          />
        )}
      </BuilderField>
      <BuilderField
        fieldKey={planFieldKey("promise")}
        label="Promise"
        hint={
          <span className="flex justify-between gap-2">
            <span>What the plan offers, in a line. Publishing asks for it.</span>
            <CharacterCount length={plan.promise.length} max={BUILDER_LIMITS.promise} />
          </span>
        }
        error={error("promise")}
      >
        {(control) => (
          <Input
            {...control}
            value={plan.promise}
            maxLength={BUILDER_LIMITS.promise}
            onChange={(event) => props.onChange({ promise: event.target.value }, "promise")}
          />
        )}
      </BuilderField>
      <BuilderField fieldKey={planFieldKey("description")} label="Description (optional)" error={error("description")}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={plan.description}
            maxLength={BUILDER_LIMITS.description}
            onChange={(event) => props.onChange({ description: event.target.value }, "description")}
          />
        )}
      </BuilderField>
      <div className="grid gap-4 sm:grid-cols-2">
        <BuilderField fieldKey={planFieldKey("theme")} label="Theme" error={error("theme")}>
          {(control) => (
            <Select
              {...control}
              value={plan.theme}
              onChange={(event) => props.onChange({ theme: event.target.value as FocusThemeId }, "theme")}
            >
              {FOCUS_THEMES.map((theme) => (
                <option key={theme.id} value={theme.id}>
                  {theme.label}
                </option>
              ))}
            </Select>
          )}
        </BuilderField>
        <BuilderField
          fieldKey={planFieldKey("minutes_per_day")}
          label="Minutes a day"
          hint={`${BUILDER_LIMITS.minutes.min} to ${BUILDER_LIMITS.minutes.max}`}
          error={error("minutes_per_day")}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={BUILDER_LIMITS.minutes.min}
              max={BUILDER_LIMITS.minutes.max}
              value={Number.isNaN(plan.minutes_per_day) ? "" : plan.minutes_per_day}
              onChange={(event) =>
                props.onChange(
                  { minutes_per_day: event.target.value === "" ? NaN : Number(event.target.value) },
                  "minutes_per_day",
                )
              }
            />
          )}
        </BuilderField>
      </div>
    </section>
  );
}
