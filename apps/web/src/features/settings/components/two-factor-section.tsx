import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { PasswordField } from "@/components/auth/password-field";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { meQuery } from "@/lib/session";
import { notify, showError } from "@/lib/toast";
import { disableTwoFactor } from "../api/disable-two-factor";
import { enableTwoFactor } from "../api/enable-two-factor";
import { verifyTwoFactor } from "../api/verify-two-factor";
import { SettingsSection } from "./settings-section";

type Stage =
  | { kind: "idle" }
  | { kind: "password"; action: "enable" | "disable" }
  | { kind: "verify"; uri: string; backupCodes: string[] }
  | { kind: "codes"; backupCodes: string[] };

function secretFromUri(uri: string): string {
  return new URL(uri).searchParams.get("secret") ?? "";
}

function QrCode({ text }: { text: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import("qrcode")
      .then((qr) => qr.toDataURL(text, { margin: 1, width: 220 }))
      .then((url) => live && setSrc(url))
      .catch((error: unknown) => console.error("QR code failed", error));
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img src={src} alt="QR code to scan with your authenticator app" className="h-[220px] w-[220px] rounded-lg bg-white p-2" />
  ) : (
    <div className="h-[220px] w-[220px] animate-pulse rounded-lg bg-stone-200" />
  );
}

/** TOTP two-step verification: enrol with a QR code and backup codes, or remove. */
export function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const client = useQueryClient();
  const refreshMe = () => client.invalidateQueries({ queryKey: meQuery.queryKey });

  const start = useMutation({
    mutationFn: (action: "enable" | "disable") => (action === "enable" ? enableTwoFactor(password) : disableTwoFactor(password)),
    onSuccess: async (result, action) => {
      setPassword("");
      if (action === "enable") {
        const r = result as { totpURI: string; backupCodes: string[] };
        setStage({ kind: "verify", uri: r.totpURI, backupCodes: r.backupCodes });
      } else {
        setStage({ kind: "idle" });
        notify("Two-step verification is off");
        await refreshMe();
      }
    },
    onError: showError,
  });
  const verify = useMutation({
    mutationFn: () => verifyTwoFactor(code.replace(/\s/g, "")),
    onSuccess: async () => {
      if (stage.kind === "verify") setStage({ kind: "codes", backupCodes: stage.backupCodes });
      setCode("");
      notify("Two-step verification is on", "You will be asked for a code when you sign in.");
      await refreshMe();
    },
    onError: showError,
  });

  return (
    <SettingsSection
      title="Two-step verification"
      description={
        enabled
          ? "On. Signing in asks for a code from your authenticator app."
          : "Off. Add a code from an authenticator app to signing in."
      }
    >
      {stage.kind === "idle" ? (
        <Button
          variant={enabled ? "secondary" : "primary"}
          onClick={() => setStage({ kind: "password", action: enabled ? "disable" : "enable" })}
        >
          {enabled ? "Turn off two-step verification" : "Turn on two-step verification"}
        </Button>
      ) : null}
      {stage.kind === "password" ? (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            start.mutate(stage.action);
          }}
        >
          <PasswordField label="Confirm your password" value={password} onChange={setPassword} />
          <div className="flex gap-2">
            <Button type="submit" disabled={!password || start.isPending}>
              Continue
            </Button>
            <Button variant="ghost" onClick={() => setStage({ kind: "idle" })}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {stage.kind === "verify" ? (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            verify.mutate();
          }}
        >
          <p className="text-sm">
            Scan this with your authenticator app (or enter the key by hand), then type the 6-digit code it shows.
          </p>
          <QrCode text={stage.uri} />
          <p className="break-all rounded bg-stone-100 p-2 font-mono text-sm dark:bg-stone-800" data-testid="totp-secret">
            {secretFromUri(stage.uri)}
          </p>
          <Field label="Code from your app">
            {({ id }) => (
              <Input
                id={id}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" disabled={code.replace(/\s/g, "").length !== 6 || verify.isPending}>
            Verify and turn on
          </Button>
        </form>
      ) : null}
      {stage.kind === "codes" ? (
        <div className="space-y-3">
          <p className="text-sm font-medium">
            Save these backup codes somewhere safe. Each one signs you in once if you lose your phone.
          </p>
          <ul className="grid grid-cols-2 gap-2 font-mono text-sm" data-testid="backup-codes">
            {stage.backupCodes.map((c) => (
              <li key={c} className="rounded bg-stone-100 px-2 py-1 dark:bg-stone-800">
                {c}
              </li>
            ))}
          </ul>
          <Button onClick={() => setStage({ kind: "idle" })}>I saved them</Button>
        </div>
      ) : null}
    </SettingsSection>
  );
}
