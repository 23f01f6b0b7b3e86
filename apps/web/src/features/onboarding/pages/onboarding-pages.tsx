import { useQueryClient } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { returnToOr } from "@/lib/return-to";
import { displayNameError } from "@shepherd/shared/auth-rules";
import { AVATAR_MAX_BYTES, DISPLAY_NAME_MAX } from "@shepherd/shared/constants";
import { nextOnboardingStep, ONBOARDING_STEPS, type OnboardingStep } from "@shepherd/shared/redirects";
import { CURRENT_TOPICS, type CurrentTopicId, type FocusThemeId, FOCUS_THEMES, focusThemeLabel } from "@shepherd/shared/themes";
import { UpgradePrompt } from "@/components/premium/upgrade-prompt";
import { Avatar } from "@/components/profile/avatar";
import { UsernameField, type UsernameState } from "@/components/profile/username-field";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FullPageSpinner } from "@/components/ui/spinner";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { writeOnboardingFlag } from "@/lib/onboarding-flag";
import { useUpdateProfile, useUploadAvatar } from "@/lib/profile-api";
import { meQuery, useMe } from "@/lib/session";
import { notify, showError } from "@/lib/toast";

function Shell(props: { step: OnboardingStep; title: string; lead: ReactNode; children: ReactNode }) {
  const index = ONBOARDING_STEPS.indexOf(props.step);
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-xl flex-col px-4 py-8">
      <div className="mb-8 flex items-center gap-3">
        <img src="/logo.svg" alt="" className="h-9 w-9" />
        <div
          className="flex flex-1 gap-1.5"
          role="progressbar"
          aria-label="Setup progress"
          aria-valuemin={1}
          aria-valuemax={ONBOARDING_STEPS.length}
          aria-valuenow={index + 1}
          aria-valuetext={`Step ${index + 1} of ${ONBOARDING_STEPS.length}`}
        >
          {ONBOARDING_STEPS.map((s, i) => (
            <span
              key={s}
              className={cn("h-1.5 flex-1 rounded-full", i <= index ? "bg-pasture-600" : "bg-stone-200 dark:bg-stone-700")}
            />
          ))}
        </div>
      </div>
      <h1 className="font-serif text-3xl font-semibold text-pasture-900 dark:text-stone-50">{props.title}</h1>
      <div className="mt-2 mb-6 text-stone-700 dark:text-stone-300">{props.lead}</div>
      {props.children}
    </main>
  );
}

function ToggleChip(props: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={props.pressed}
      onClick={props.onClick}
      className={cn(
        "flex min-h-12 items-center justify-between gap-2 rounded-xl border px-4 py-2 text-left text-sm font-medium transition-colors",
        props.pressed
          ? "border-pasture-600 bg-pasture-50 text-pasture-900 dark:bg-stone-800 dark:text-gold-300"
          : "border-stone-300 bg-white text-stone-800 hover:border-stone-400 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-200",
      )}
    >
      {props.children}
      {props.pressed ? <Check aria-hidden="true" className="h-4 w-4 shrink-0" /> : null}
    </button>
  );
}

function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

export function WelcomeStep() {
  const me = useMe();
  const navigate = useNavigate();
  const name = me.data?.profile.display_name ?? me.data?.user.name ?? "friend";
  return (
    <Shell
      step="welcome"
      title={`Welcome, ${name}`}
      lead="Shepherd walks with you each day: a short devotional, a moment to check in with God, and brothers who pray for you."
    >
      <ul className="mb-8 space-y-3 text-stone-800 dark:text-stone-200">
        <li>• One passage, one idea and one prayer every morning, in about ten minutes.</li>
        <li>• A private journal and check-in that only you can read.</li>
        <li>• A plan shaped around your season: marriage, fatherhood, work and more.</li>
      </ul>
      <p className="mb-6 text-sm text-stone-600 dark:text-stone-400">Setting up takes about two minutes.</p>
      <Button size="lg" onClick={() => navigate(nextOnboardingStep("welcome"))}>
        Let's begin
      </Button>
    </Shell>
  );
}

export function FocusStep() {
  const me = useMe();
  const [focus, setFocus] = useState<FocusThemeId[] | null>(null);
  const selected = focus ?? me.data?.profile.focus ?? [];
  const update = useUpdateProfile();
  const navigate = useNavigate();
  const onContinue = () =>
    update.mutate({ focus: selected as never }, { onSuccess: () => navigate(nextOnboardingStep("focus")), onError: showError });
  return (
    <Shell
      step="focus"
      title="Where do you want to grow?"
      lead="Choose the areas you want your devotionals to speak into. You can change these any time."
    >
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2" role="group" aria-label="Focus areas">
        {FOCUS_THEMES.map((t) => (
          <ToggleChip key={t.id} pressed={selected.includes(t.id)} onClick={() => setFocus(toggle(selected, t.id))}>
            {t.label}
          </ToggleChip>
        ))}
      </div>
      <Button size="lg" className="mt-8" disabled={selected.length === 0 || update.isPending} onClick={onContinue}>
        {selected.length === 0 ? "Choose at least one" : "Continue"}
      </Button>
    </Shell>
  );
}

export function IntentionsStep() {
  const me = useMe();
  const [topics, setTopics] = useState<CurrentTopicId[] | null>(null);
  const selected = topics ?? me.data?.profile.current_topics ?? [];
  const update = useUpdateProfile();
  const navigate = useNavigate();
  const onContinue = () =>
    update.mutate(
      { current_topics: selected },
      { onSuccess: () => navigate(nextOnboardingStep("intentions")), onError: showError },
    );
  const focus = me.data?.profile.focus ?? [];
  return (
    <Shell
      step="intentions"
      title="What are you carrying right now?"
      lead={
        <>
          Pick what is true of this season. It shapes the passages and prayers you receive
          {focus.length ? ` alongside ${focus.map(focusThemeLabel).join(", ")}` : ""}.
        </>
      }
    >
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2" role="group" aria-label="Current topics">
        {CURRENT_TOPICS.map((t) => (
          <ToggleChip key={t.id} pressed={selected.includes(t.id)} onClick={() => setTopics(toggle(selected, t.id))}>
            {t.label}
          </ToggleChip>
        ))}
      </div>
      <Button size="lg" className="mt-8" disabled={selected.length === 0 || update.isPending} onClick={onContinue}>
        {selected.length === 0 ? "Choose at least one" : "Continue"}
      </Button>
    </Shell>
  );
}

export function ProfileStep() {
  const me = useMe();
  if (!me.data) return <FullPageSpinner />;
  return (
    <ProfileForm
      displayName={me.data.profile.display_name ?? me.data.user.name}
      username={me.data.profile.username}
      avatarUrl={me.data.profile.avatar_url}
    />
  );
}

function ProfileForm(props: { displayName: string; username: string | null; avatarUrl: string | null }) {
  const [displayName, setDisplayName] = useState(props.displayName);
  const [username, setUsername] = useState(props.username ?? "");
  const [usernameState, setUsernameState] = useState<UsernameState>({ status: "idle", message: null });
  const [nameError, setNameError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const upload = useUploadAvatar();
  const fileInput = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const onUsernameState = useCallback((s: UsernameState) => setUsernameState(s), []);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) return showError(new Error("Your picture must be 2 MB or smaller."));
    upload.mutate(file, { onError: showError });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = displayNameError(displayName);
    setNameError(problem);
    if (problem || usernameState.status !== "available") return;
    update.mutate(
      { display_name: displayName.trim(), username },
      { onSuccess: () => navigate(nextOnboardingStep("profile")), onError: showError },
    );
  };
  return (
    <Shell step="profile" title="Your profile" lead="This is how brothers in The Pasture and your flock will know you.">
      <form onSubmit={onSubmit} className="space-y-5" noValidate>
        <div className="flex items-center gap-4">
          <Avatar name={displayName} url={props.avatarUrl} size="lg" />
          <div className="space-y-1">
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              className="sr-only"
              aria-label="Profile picture"
              onChange={(e) => onFile(e.target.files?.[0])}
            />
            <Button variant="secondary" onClick={() => fileInput.current?.click()} disabled={upload.isPending}>
              {upload.isPending ? "Uploading..." : props.avatarUrl ? "Change picture" : "Add a picture"}
            </Button>
            <p className="text-xs text-stone-600 dark:text-stone-400">Optional. PNG, JPEG, WebP or GIF up to 2 MB.</p>
          </div>
        </div>
        <Field label="Display Name" error={nameError} hint={`${displayName.length}/${DISPLAY_NAME_MAX} characters`}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              maxLength={DISPLAY_NAME_MAX}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={displayName}
              onChange={(e) => {
                setDisplayName(e.target.value.slice(0, DISPLAY_NAME_MAX));
                if (nameError) setNameError(displayNameError(e.target.value));
              }}
            />
          )}
        </Field>
        <UsernameField
          value={username}
          onChange={setUsername}
          current={props.username}
          state={usernameState}
          onState={onUsernameState}
        />
        <Button
          type="submit"
          size="lg"
          disabled={update.isPending || usernameState.status !== "available" || Boolean(displayNameError(displayName))}
        >
          Continue
        </Button>
      </form>
    </Shell>
  );
}

export function PlanSelectionStep() {
  const navigate = useNavigate();
  const me = useMe();
  const focus = me.data?.profile.focus ?? [];
  return (
    <Shell
      step="plan-selection"
      title="Your first plan"
      lead="The Path will shape a personal plan of days around what you chose. Plans arrive with The Path; until then your daily devotional already follows your focus."
    >
      {focus.length ? (
        <p className="mb-6 text-stone-800 dark:text-stone-200">
          Your devotionals will draw on: <strong>{focus.map(focusThemeLabel).join(", ")}</strong>.
        </p>
      ) : null}
      <Button size="lg" onClick={() => navigate(nextOnboardingStep("plan-selection"))}>
        Skip for now
      </Button>
    </Shell>
  );
}

export function CompleteStep() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [finishing, setFinishing] = useState(false);
  const onFinish = async () => {
    setFinishing(true);
    try {
      await api("/api/onboarding/complete", { body: {} });
      writeOnboardingFlag(true);
      await client.invalidateQueries({ queryKey: meQuery.queryKey });
      notify("You're all set", "Your first devotional is waiting.");
      navigate(returnToOr("/"), { replace: true });
    } catch (error) {
      showError(error);
      setFinishing(false);
    }
  };
  return (
    <Shell step="complete" title="You're ready" lead="Every morning a devotional will be waiting. Ten quiet minutes is enough.">
      <blockquote className="mb-8 border-l-4 border-gold-400 pl-4 font-serif text-lg italic text-stone-800 dark:text-stone-200">
        "Yahweh is my shepherd: I shall lack nothing." <span className="not-italic text-sm">Psalm 23:1</span>
      </blockquote>
      <Button size="lg" onClick={onFinish} disabled={finishing}>
        {finishing ? "Finishing..." : "Begin"}
      </Button>
      <UpgradePrompt context="profile_completion" variant="banner" className="mt-10" />
    </Shell>
  );
}
