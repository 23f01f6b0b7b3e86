import { Button } from "@/components/ui/button";
import { useSession } from "@/lib/session";
import { notify, showError } from "@/lib/toast";
import { useSessions } from "../api/get-sessions";
import { useRevokeSession } from "../api/revoke-session";
import { SettingsSection } from "./settings-section";

/** "Chrome on Android" from a browser's user agent. */
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

/** The devices signed in to his account; any but this one can be signed out. */
export function SessionsSection() {
  const session = useSession();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const currentId = session.data?.session.id;
  return (
    <SettingsSection title="Active sessions" description="Devices signed in to your account. Sign out any you do not recognise.">
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
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() =>
                    revoke.mutate(s.token, {
                      onSuccess: () => notify("Signed out", "That device has been signed out."),
                      onError: showError,
                    })
                  }
                  disabled={revoke.isPending}
                >
                  Sign out
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
