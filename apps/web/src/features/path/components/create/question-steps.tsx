import {
  CUSTOM_CONTEXT_MAX,
  CUSTOM_GOAL,
  CUSTOM_PLAN_DAYS,
  MINUTES_PER_DAY_CHOICES,
  READING_STYLES,
  SEASONS,
} from "@shepherd/shared/path";
import { FOCUS_THEMES } from "@shepherd/shared/themes";
import type { PlanDraft } from "@/features/path/plan-draft";
import { StepFormFrame } from "./wizard-frame";
import { ChipChoices, DaysStepper, RadioChoices, SwitchAnswer, TextAnswer } from "./wizard-fields";

interface StepProps {
  draft: PlanDraft;
  update: (changes: Partial<PlanDraft>) => void;
}

/** Quick picks for the length: a work week, a week, two and three weeks. */
const DAY_PICKS = [5, 7, 14, 21] as const;
const MINUTE_OPTIONS = MINUTES_PER_DAY_CHOICES.map((m) => ({ id: m, label: `${m} min` }));

/** Step 1 of 4: what to grow in (one to three themes), the goal in his words, how many days. */
export function BasicsStep({ draft, update }: StepProps) {
  return (
    <StepFormFrame step="basics" draft={draft} update={update} lead="Your plan is shaped around these answers.">
      {(form) => (
        <>
          <ChipChoices
            legend="What do you want to grow in?"
            hint="Choose one to three."
            options={FOCUS_THEMES}
            value={draft.themes}
            error={form.error("themes")}
            onChange={(themes) => form.choose({ themes })}
            firstRef={form.register("themes")}
          />
          <TextAnswer
            label="Your goal, in your own words"
            hint="One sentence is enough. For example: “Pray with my wife every evening and listen to her better.”"
            value={draft.goal}
            max={CUSTOM_GOAL.max}
            error={form.error("goal")}
            onChange={(goal) => form.type({ goal })}
            onBlur={() => form.leave("goal")}
            inputRef={form.register("goal")}
          />
          <DaysStepper
            label="How many days?"
            hint={`From ${CUSTOM_PLAN_DAYS.min} to ${CUSTOM_PLAN_DAYS.max} days, one a day.`}
            value={draft.days}
            min={CUSTOM_PLAN_DAYS.min}
            max={CUSTOM_PLAN_DAYS.max}
            picks={DAY_PICKS}
            error={form.error("days")}
            onChange={(days) => form.choose({ days })}
            inputRef={form.register("days")}
          />
        </>
      )}
    </StepFormFrame>
  );
}

/** Step 2 of 4: his season of life, and (if he wants to say) what is hard now and what has helped before. */
export function ContextStep({ draft, update }: StepProps) {
  return (
    <StepFormFrame step="context" draft={draft} update={update} lead="So the days speak to the life you are living.">
      {(form) => (
        <>
          <RadioChoices
            legend="Your season of life"
            options={SEASONS}
            value={draft.season}
            error={form.error("season")}
            onChange={(season) => form.choose({ season })}
            firstRef={form.register("season")}
          />
          <TextAnswer
            label="What is hard right now? (optional)"
            value={draft.hard_now}
            max={CUSTOM_CONTEXT_MAX}
            error={form.error("hard_now")}
            onChange={(hard_now) => form.type({ hard_now })}
            onBlur={() => form.leave("hard_now")}
            inputRef={form.register("hard_now")}
          />
          <TextAnswer
            label="What has helped you before? (optional)"
            value={draft.helped_before}
            max={CUSTOM_CONTEXT_MAX}
            error={form.error("helped_before")}
            onChange={(helped_before) => form.type({ helped_before })}
            onBlur={() => form.leave("helped_before")}
            inputRef={form.register("helped_before")}
          />
        </>
      )}
    </StepFormFrame>
  );
}

/** Step 3 of 4: minutes a day, reading style, a daily challenge, listening. */
export function PreferencesStep({ draft, update }: StepProps) {
  return (
    <StepFormFrame step="preferences" draft={draft} update={update} lead="So each day fits the time you have.">
      {(form) => (
        <>
          <RadioChoices
            legend="Minutes a day"
            layout="row"
            options={MINUTE_OPTIONS}
            value={draft.minutes_per_day}
            error={form.error("minutes_per_day")}
            onChange={(minutes_per_day) => form.choose({ minutes_per_day })}
            firstRef={form.register("minutes_per_day")}
          />
          <RadioChoices
            legend="Reading style"
            options={READING_STYLES}
            value={draft.style}
            error={form.error("style")}
            onChange={(style) => form.choose({ style })}
            firstRef={form.register("style")}
          />
          <div className="space-y-3">
            <SwitchAnswer
              label="Include a daily challenge"
              hint="One small, concrete thing to do each day."
              checked={draft.challenge}
              onChange={(challenge) => form.choose({ challenge })}
            />
            <SwitchAnswer
              label="Listen to each day"
              hint="Each day opens with its Listen button, to hear it read aloud."
              checked={draft.audio}
              onChange={(audio) => form.choose({ audio })}
            />
          </div>
        </>
      )}
    </StepFormFrame>
  );
}
