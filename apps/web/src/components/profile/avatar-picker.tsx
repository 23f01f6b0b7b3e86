import { useRef, type ReactNode } from "react";
import { AVATAR_MAX_BYTES } from "@shepherd/shared/constants";
import { Button } from "@/components/ui/button";
import { showError } from "@/lib/toast";
import { useUploadAvatar } from "./api/upload-avatar";
import { Avatar } from "./avatar";

/** What POST /api/profile/avatar accepts. */
const AVATAR_TYPES = "image/png,image/jpeg,image/webp,image/gif";

/** His picture and a button to choose a new one, uploaded at once (PNG, JPEG, WebP or GIF up to 2 MB). */
export function AvatarPicker(props: {
  name: string;
  url: string | null;
  buttonLabel: string;
  buttonSize?: "sm" | "md";
  onUploaded?: () => void;
  /** Laid out beside (or under) the button: more actions, a hint. */
  children?: ReactNode;
  className?: string;
}) {
  const upload = useUploadAvatar();
  const fileInput = useRef<HTMLInputElement>(null);
  const choose = (file: File | undefined) => {
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) return showError(new Error("Your picture must be 2 MB or smaller."));
    upload.mutate(file, { onError: showError, onSuccess: props.onUploaded });
  };
  return (
    <div className="flex items-center gap-4">
      <Avatar name={props.name} url={props.url} size="lg" />
      <div className={props.className}>
        <input
          ref={fileInput}
          type="file"
          accept={AVATAR_TYPES}
          className="sr-only"
          aria-label="Profile picture"
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <Button
          variant="secondary"
          size={props.buttonSize}
          onClick={() => fileInput.current?.click()}
          disabled={upload.isPending}
        >
          {upload.isPending ? "Uploading..." : props.buttonLabel}
        </Button>
        {props.children}
      </div>
    </div>
  );
}
