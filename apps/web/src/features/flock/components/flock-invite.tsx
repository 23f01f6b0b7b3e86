import { Copy, RefreshCw } from "lucide-react";
import { useId, useRef, useState } from "react";
import { FLOCK_MEMBERS_MAX, type FlockDetail } from "@shepherd/shared/community";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { notify, notifyError, showError } from "@/lib/toast";
import { useInviteToFlock } from "../api/invite-to-flock";
import { useRotateInviteCode } from "../api/rotate-invite-code";

export function inviteLink(code: string) {
  return `${window.location.origin}/flock/join/${code}`;
}

/** Bring brothers in: by username (an invitation he accepts) or by the flock's invite link. */
export function FlockInvite({ flock }: { flock: FlockDetail }) {
  const id = useId();
  const [username, setUsername] = useState("");
  const linkInput = useRef<HTMLInputElement>(null);
  const invite = useInviteToFlock();
  const rotate = useRotateInviteCode();
  const full = flock.members.length >= FLOCK_MEMBERS_MAX;
  const link = inviteLink(flock.invite_code);
  const wanted = username.trim().replace(/^@/, "");

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify("Invite link copied", `Anyone signed in who opens it can join ${flock.name}.`);
    } catch {
      linkInput.current?.select();
      notifyError("Couldn't copy the link", "It is selected: copy it from there.");
    }
  };

  return (
    <Card className="space-y-5 p-4 sm:p-5">
      <h2 className="font-semibold">Invite brothers</h2>
      {full ? (
        <p className="text-sm text-stone-700 dark:text-stone-300">
          This flock is full: a flock holds at most {FLOCK_MEMBERS_MAX} brothers.
        </p>
      ) : (
        <form
          className="space-y-1.5"
          onSubmit={(event) => {
            event.preventDefault();
            if (!wanted) return;
            invite.mutate(
              { flockId: flock.id, username: wanted },
              {
                onSuccess: () => {
                  notify("Invitation sent", `@${wanted} can accept it on his My Flock page.`);
                  setUsername("");
                },
                onError: showError,
              },
            );
          }}
        >
          <label htmlFor={`${id}-username`} className="block text-sm font-medium">
            Invite by username
          </label>
          <div className="flex gap-2">
            <Input
              id={`${id}-username`}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="@username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
            <Button type="submit" disabled={invite.isPending || !wanted}>
              {invite.isPending ? "Inviting..." : "Invite"}
            </Button>
          </div>
        </form>
      )}
      <div className="space-y-1.5">
        <label htmlFor={`${id}-link`} className="block text-sm font-medium">
          Invite link
        </label>
        <p id={`${id}-link-hint`} className="text-xs text-stone-600 dark:text-stone-400">
          Anyone signed in who opens this link can join with one tap. Share it only with brothers you trust.
        </p>
        <div className="flex flex-wrap gap-2">
          <Input
            ref={linkInput}
            id={`${id}-link`}
            readOnly
            value={link}
            aria-describedby={`${id}-link-hint`}
            onFocus={(e) => e.currentTarget.select()}
            className="min-w-0 flex-1 basis-56 text-sm"
          />
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy aria-hidden="true" className="h-4 w-4" />
            Copy invite link
          </Button>
          {flock.my_role === "owner" ? (
            <Button
              variant="ghost"
              disabled={rotate.isPending}
              onClick={() => {
                if (!window.confirm("Make a new invite link? The current link will stop working.")) return;
                rotate.mutate(flock.id, {
                  onSuccess: () => notify("New invite link ready", "The old link no longer works."),
                  onError: showError,
                });
              }}
            >
              <RefreshCw aria-hidden="true" className="h-4 w-4" />
              New link
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
