import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import type { Me } from "@shepherd/shared/api";
import { displayNameError, passwordStrength } from "@shepherd/shared/auth-rules";
import { AVATAR_MAX_BYTES, DISPLAY_NAME_MAX, PASSWORD_MIN } from "@shepherd/shared/constants";
import { Avatar } from "@/components/profile/avatar";
import { UsernameField, type UsernameState } from "@/components/profile/username-field";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PageHeading } from "@/components/ui/page";
import { Switch } from "@/components/ui/switch";
import { FullPageSpinner } from "@/components/ui/spinner";
import { api } from "@/lib/api";
import { writeOnboardingFlag } from "@/lib/onboarding-flag";
import { useUpdateProfile, useUploadAvatar } from "@/lib/profile-api";
import { meQuery, sessionQuery, signOut, useMe, useSession } from "@/lib/session";
import { notify, showError } from "@/lib/toast";
import { useSubscription } from "@/lib/subscription";
import { useTheme, type Theme } from "@/lib/theme";
import { StrengthMeter } from "@/components/auth/strength-meter";
import { TwoFactorSection } from "../components/two-factor-section";

function Section(props: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">{props.title}</h2>
        {props.description ? <p className="text-sm text-stone-600 dark:text-stone-400">{props.description}</p> : null}
      </div>
      {props.children}
    </Card>
  );
}

export function SettingsPage() {
  const me = useMe();
  if (!me.data) return <FullPageSpinner />;
  return (
    <div className="space-y-5">
      <PageHeading title="Settings" description="Your profile, your account's security, and your data." />
      <ProfileSection me={me.data} />
      <PrivacySection shareStreak={me.data.profile.share_streak} />
      <AppearanceSection />
      <PlanSection />
      <PasswordSection />
      <TwoFactorSection enabled={me.data.user.twoFactorEnabled} />
      <SessionsSection />
      <DataSection />
      <DeleteSection />
    </div>
  );
}

const THEMES: Array<{ value: Theme; label: string }> = [
  { value: "system", label: "Same as this device" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
];

/** Light or dark for the whole app, kept on this device. */
function AppearanceSection() {
  const [theme, setTheme] = useTheme();
  return (
    <Section
      title="Appearance"
      description="Dark is easier on the eyes early in the morning and late at night. Kept on this device."
    >
      <fieldset className="space-y-2">
        <legend className="sr-only">Theme</legend>
        {THEMES.map((option) => (
          <label key={option.value} className="flex items-center gap-3 text-stone-800 dark:text-stone-200">
            <input
              type="radio"
              name="theme"
              value={option.value}
              checked={theme === option.value}
              onChange={() => setTheme(option.value)}
              className="h-4 w-4 accent-pasture-700"
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    </Section>
  );
}

function ProfileSection({ me }: { me: Me }) {
  const [displayName, setDisplayName] = useState(me.profile.display_name ?? "");
  const [username, setUsername] = useState(me.profile.username ?? "");
  const [usernameState, setUsernameState] = useState<UsernameState>({ status: "idle", message: null });
  const onUsernameState = useCallback((s: UsernameState) => setUsernameState(s), []);
  const update = useUpdateProfile();
  const upload = useUploadAvatar();
  const fileInput = useRef<HTMLInputElement>(null);
  const client = useQueryClient();
  const removeAvatar = useMutation({
    mutationFn: () => api("/api/profile/avatar", { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: meQuery.queryKey }),
    onError: showError,
  });
  const nameError = displayNameError(displayName);
  const usernameOk = usernameState.status === "available" || (username === (me.profile.username ?? "") && username !== "");
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (nameError || !usernameOk) return;
    update.mutate(
      { display_name: displayName.trim(), username },
      { onSuccess: () => notify("Profile saved", "Your changes are saved."), onError: showError },
    );
  };
  return (
    <Section title="Profile" description="How brothers see you in The Pasture and your flock.">
      <div className="flex items-center gap-4">
        <Avatar name={displayName} url={me.profile.avatar_url} size="lg" />
        <div className="flex flex-wrap gap-2">
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            aria-label="Profile picture"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              if (file.size > AVATAR_MAX_BYTES) return showError(new Error("Your picture must be 2 MB or smaller."));
              upload.mutate(file, { onError: showError, onSuccess: () => notify("Picture updated") });
            }}
          />
          <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()} disabled={upload.isPending}>
            {upload.isPending ? "Uploading..." : "Change picture"}
          </Button>
          {me.profile.avatar_url ? (
            <Button variant="ghost" size="sm" onClick={() => removeAvatar.mutate()} disabled={removeAvatar.isPending}>
              Remove
            </Button>
          ) : null}
        </div>
      </div>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <Field
          label="Display Name"
          error={displayName ? nameError : null}
          hint={`${displayName.length}/${DISPLAY_NAME_MAX} characters`}
        >
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              maxLength={DISPLAY_NAME_MAX}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={displayName}
              onChange={(e) => setDisplayName(e.target.value.slice(0, DISPLAY_NAME_MAX))}
            />
          )}
        </Field>
        <UsernameField
          value={username}
          onChange={setUsername}
          current={me.profile.username}
          state={usernameState}
          onState={onUsernameState}
        />
        <Button type="submit" disabled={update.isPending || Boolean(nameError) || !usernameOk}>
          Save profile
        </Button>
      </form>
    </Section>
  );
}

/** docs/community.md, streak sharing: off by default; when on, his flock (and his profile) show his streak. */
function PrivacySection({ shareStreak }: { shareStreak: boolean }) {
  const id = useId();
  const update = useUpdateProfile();
  const checked = update.isPending && update.variables.share_streak !== undefined ? update.variables.share_streak : shareStreak;
  return (
    <Section title="Privacy">
      <div className="flex items-start justify-between gap-4">
        <div>
          <p id={`${id}-label`} className="font-medium">
            Share my streak with my flock
          </p>
          <p id={`${id}-hint`} className="text-sm text-stone-600 dark:text-stone-400">
            Brothers in your flocks see your current streak beside your name, and so does anyone on your profile.
          </p>
        </div>
        <Switch
          checked={checked}
          disabled={update.isPending}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          onChange={(next) =>
            update.mutate(
              { share_streak: next },
              {
                onSuccess: () =>
                  notify(
                    next ? "Streak shared" : "Streak hidden",
                    next ? "Your flock can see your streak." : "Only you see your streak.",
                  ),
                onError: showError,
              },
            )
          }
        />
      </div>
    </Section>
  );
}

function PlanSection() {
  const subscription = useSubscription();
  const premium = subscription.data?.is_premium;
  return (
    <Section title="Plan">
      <p>
        {subscription.isPending ? "Loading your plan..." : premium ? "You are on Shepherd Premium." : "You are on the free plan."}
      </p>
      <Link to="/subscription" className="text-sm font-medium text-pasture-700 underline dark:text-gold-300">
        {premium ? "Manage your subscription" : "See what Premium adds"}
      </Link>
    </Section>
  );
}

function PasswordSection() {
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const change = useMutation({
    mutationFn: () => api("/api/auth/change-password", { body: { currentPassword, newPassword, revokeOtherSessions: true } }),
    onSuccess: () => {
      notify("Password changed", "Other devices have been signed out.");
      setCurrent("");
      setNew("");
    },
    onError: showError,
  });
  return (
    <Section title="Password">
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate();
        }}
      >
        <Field label="Current password">
          {({ id }) => (
            <Input
              id={id}
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrent(e.target.value)}
            />
          )}
        </Field>
        <Field
          label="New password"
          hint={<StrengthMeter strength={passwordStrength(newPassword)} visible={newPassword.length > 0} />}
        >
          {({ id, describedBy }) => (
            <Input
              id={id}
              type="password"
              autoComplete="new-password"
              placeholder="At least 8 characters"
              aria-describedby={describedBy}
              value={newPassword}
              onChange={(e) => setNew(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" disabled={change.isPending || !currentPassword || newPassword.length < PASSWORD_MIN}>
          Change password
        </Button>
      </form>
    </Section>
  );
}

interface SessionRow {
  id: string;
  token: string;
  createdAt: string;
  updatedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

function describeAgent(agent: string | null): string {
  if (!agent) return "Unknown device";
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Chrome\//.test(agent)
      ? "Chrome"
      : /Firefox\//.test(agent)
        ? "Firefox"
        : /Safari\//.test(agent)
          ? "Safari"
          : "Browser";
  const system = /Android/.test(agent)
    ? "Android"
    : /iPhone|iPad/.test(agent)
      ? "iOS"
      : /Mac OS X/.test(agent)
        ? "macOS"
        : /Windows/.test(agent)
          ? "Windows"
          : /Linux/.test(agent)
            ? "Linux"
            : "";
  return system ? `${browser} on ${system}` : browser;
}

function SessionsSection() {
  const session = useSession();
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: ["sessions"], queryFn: () => api<SessionRow[]>("/api/auth/list-sessions") });
  const revoke = useMutation({
    mutationFn: (token: string) => api("/api/auth/revoke-session", { body: { token } }),
    onSuccess: () => {
      notify("Signed out", "That device has been signed out.");
      return client.invalidateQueries({ queryKey: ["sessions"] });
    },
    onError: showError,
  });
  const currentId = session.data?.session.id;
  return (
    <Section title="Active sessions" description="Devices signed in to your account. Sign out any you do not recognise.">
      {sessions.isPending ? (
        <p className="text-sm">Loading sessions...</p>
      ) : (
        <ul className="divide-y divide-stone-200 dark:divide-stone-800">
          {(sessions.data ?? []).map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-3 py-3">
              <div className="text-sm">
                <p className="font-medium">
                  {describeAgent(s.userAgent)}{" "}
                  {s.id === currentId ? <span className="text-pasture-700 dark:text-gold-300">(this device)</span> : null}
                </p>
                <p className="text-stone-600 dark:text-stone-400">
                  {s.ipAddress ?? "unknown address"} · signed in {new Date(s.createdAt).toLocaleDateString()}
                </p>
              </div>
              {s.id !== currentId ? (
                <Button variant="secondary" size="sm" onClick={() => revoke.mutate(s.token)} disabled={revoke.isPending}>
                  Sign out
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function DataSection() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const data = await api<unknown>("/api/account/export");
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = `shepherd-data-${new Date().toISOString().slice(0, 10)}.json`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  };
  const onSignOut = async () => {
    try {
      await signOut(client);
      navigate("/auth", { replace: true });
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Section title="Your data" description="Everything Shepherd keeps about you, as one JSON file.">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={download} disabled={downloading}>
          {downloading ? "Preparing..." : "Download my data"}
        </Button>
        <Button variant="secondary" onClick={onSignOut}>
          Sign out
        </Button>
      </div>
    </Section>
  );
}

function DeleteSection() {
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState("");
  const client = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => api("/api/account", { method: "DELETE", body: { confirm: typed } }),
    onSuccess: () => {
      writeOnboardingFlag(false);
      client.setQueryData(sessionQuery.queryKey, null);
      client.clear();
      notify("Account deleted", "Your account and everything in it have been removed.");
      navigate("/auth", { replace: true });
    },
    onError: showError,
  });
  return (
    <Section
      title="Delete account"
      description="Removes your account, profile, journal, check-ins and everything else, for good."
    >
      {confirming ? (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            remove.mutate();
          }}
        >
          <Field label="Type DELETE to confirm">
            {({ id }) => <Input id={id} autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />}
          </Field>
          <div className="flex gap-2">
            <Button type="submit" variant="danger" disabled={typed !== "DELETE" || remove.isPending}>
              Delete my account
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete account...
        </Button>
      )}
    </Section>
  );
}
