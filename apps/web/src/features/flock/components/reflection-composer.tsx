import { useId, useState } from "react";
import { REFLECTION_MAX, REFLECTION_PROMPT_MAX } from "@shepherd/shared/community";
import { CharacterCount, MentionTextarea } from "@/community";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { useTodayDevotional } from "@/lib/devotional";
import { notify, showError } from "@/lib/toast";
import { useCreateReflection } from "../api/create-reflection";

/** The prompt's limit in reflectionInput (packages/shared/src/community.ts). */

/** A reflection for the flock: by default an answer to today's devotional reflection question. */
export function ReflectionComposer({ flockId }: { flockId: string }) {
  const id = useId();
  const devotional = useTodayDevotional();
  const create = useCreateReflection();
  const [body, setBody] = useState("");
  /** null: today's question; a string: a prompt he writes himself. */
  const [ownPrompt, setOwnPrompt] = useState<string | null>(null);
  const question = devotional.data?.reflection.trim() || null;
  const todaysQuestion =
    question && question.length > REFLECTION_PROMPT_MAX ? `${question.slice(0, REFLECTION_PROMPT_MAX - 1).trimEnd()}…` : question;
  const usingToday = ownPrompt === null && todaysQuestion !== null;

  const submit = () => {
    const text = body.trim();
    if (!text || create.isPending) return;
    const prompt = usingToday ? todaysQuestion : ownPrompt?.trim() || undefined;
    create.mutate(
      {
        flockId,
        body: text,
        prompt: prompt ?? undefined,
        devotional_id: usingToday ? devotional.data?.id : undefined,
      },
      {
        onSuccess: () => {
          notify("Reflection shared", "Only your flock can see it.");
          setBody("");
          setOwnPrompt(null);
        },
        onError: showError,
      },
    );
  };

  return (
    <Card className="p-4 sm:p-5">
      <form
        className="space-y-3"
        aria-labelledby={`${id}-title`}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h2 id={`${id}-title`} className="font-semibold">
          Share a reflection
        </h2>
        {ownPrompt === null ? (
          <div className="space-y-1">
            {todaysQuestion ? (
              <>
                <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400">
                  Today's question
                </p>
                <blockquote className="border-l-4 border-gold-400 pl-3 text-sm italic" data-testid="reflection-prompt">
                  {todaysQuestion}
                </blockquote>
              </>
            ) : devotional.isPending ? (
              <p className="text-sm text-stone-600 dark:text-stone-400">Loading today's question...</p>
            ) : null}
            <Button variant="ghost" size="sm" className="-ml-3" onClick={() => setOwnPrompt("")}>
              {todaysQuestion ? "Write your own prompt" : "Add a prompt"}
            </Button>
          </div>
        ) : (
          <div className="space-y-1.5">
            <label htmlFor={`${id}-prompt`} className="block text-sm font-medium">
              Prompt (optional)
            </label>
            <div className="flex gap-2">
              <Input
                id={`${id}-prompt`}
                maxLength={REFLECTION_PROMPT_MAX}
                placeholder="What are you answering?"
                value={ownPrompt}
                onChange={(e) => setOwnPrompt(e.target.value)}
              />
              {todaysQuestion ? (
                <Button variant="ghost" onClick={() => setOwnPrompt(null)}>
                  Use today's
                </Button>
              ) : null}
            </div>
          </div>
        )}
        <label htmlFor={`${id}-body`} className="sr-only">
          Your reflection
        </label>
        <MentionTextarea
          id={`${id}-body`}
          rows={4}
          maxLength={REFLECTION_MAX}
          placeholder="What is God showing you? (@ to mention a brother)"
          aria-describedby={`${id}-count`}
          value={body}
          onValueChange={setBody}
        />
        <div className="flex items-center justify-between gap-2">
          <CharacterCount id={`${id}-count`} length={body.length} max={REFLECTION_MAX} />
          <Button type="submit" disabled={create.isPending || body.trim().length === 0}>
            {create.isPending ? "Sharing..." : "Share with the flock"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
