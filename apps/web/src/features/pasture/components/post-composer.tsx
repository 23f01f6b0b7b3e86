import { HandHeart, ImagePlus, MessageSquareText, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { POST_MAX, type PostKind } from "@shepherd/shared/community";
import { CharacterCount, MentionTextarea, scriptureRefError, ScriptureRefField } from "@/community";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { notify, showError } from "@/lib/toast";
import { useCreatePost } from "../api/create-post";
import { POST_IMAGE_MAX_BYTES, POST_IMAGE_TYPES, useUploadPostImage } from "../api/upload-post-image";

const KINDS = [
  { kind: "post", label: "Post", icon: MessageSquareText, placeholder: "What is God teaching you? (@ to mention a brother)" },
  { kind: "prayer_request", label: "Prayer request", icon: HandHeart, placeholder: "How can your brothers pray for you?" },
] as const;

interface Picture {
  file: File;
  preview: string;
  /** Set once uploaded, so a retry after a failed post does not upload it again. */
  url?: string;
}

/** The Pasture's composer: a post or a prayer request, with an optional scripture reference and picture. */
export function PostComposer() {
  const id = useId();
  const [kind, setKind] = useState<PostKind>("post");
  const [body, setBody] = useState("");
  const [reference, setReference] = useState("");
  const [referenceTouched, setReferenceTouched] = useState(false);
  const [picture, setPicture] = useState<Picture | null>(null);
  // One line until he means to write (focus anywhere in the form); empty again and left, it folds back.
  const [expanded, setExpanded] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadPostImage();
  const create = useCreatePost();
  const busy = upload.isPending || create.isPending;
  const current = KINDS.find((k) => k.kind === kind) ?? KINDS[0];

  const preview = picture?.preview;
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const choosePicture = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = "";
    if (!file) return;
    if (!(POST_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      return showError(new Error("Your picture must be a PNG, JPEG, WebP or GIF image."));
    }
    if (file.size > POST_IMAGE_MAX_BYTES) return showError(new Error("Your picture must be 5 MB or smaller."));
    setPicture({ file, preview: URL.createObjectURL(file) });
  };

  const submit = async () => {
    const text = body.trim();
    setReferenceTouched(true);
    if (!text || scriptureRefError(reference) || busy) return;
    try {
      let imageUrl = picture?.url ?? null;
      if (picture && !imageUrl) {
        imageUrl = (await upload.mutateAsync(picture.file)).image_url;
        setPicture({ ...picture, url: imageUrl });
      }
      await create.mutateAsync({ kind, body: text, scripture_ref: reference.trim() || null, image_url: imageUrl });
      notify(kind === "prayer_request" ? "Prayer request shared" : "Post shared");
      setBody("");
      setReference("");
      setReferenceTouched(false);
      setPicture(null);
      setKind("post");
      setExpanded(false);
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Card className="p-4 sm:p-5">
      <form
        className="space-y-3"
        aria-labelledby={`${id}-title`}
        onFocus={() => setExpanded(true)}
        onBlur={(event) => {
          const leaving = !event.currentTarget.contains(event.relatedTarget as Node | null);
          if (leaving && !body.trim() && !reference.trim() && !picture) setExpanded(false);
        }}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`${id}-title`} className="font-semibold">
            Share with your brothers
          </h2>
          <fieldset className="min-w-0">
            <legend className="sr-only">What are you sharing?</legend>
            <div className="inline-flex flex-wrap rounded-xl bg-stone-100 p-1 dark:bg-stone-800">
              {KINDS.map(({ kind: value, label, icon: Icon }) => (
                <label
                  key={value}
                  className={cn(
                    "inline-flex min-h-8 cursor-pointer items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-stone-600 dark:text-stone-300",
                    "has-checked:bg-white has-checked:text-pasture-800 has-checked:shadow-sm dark:has-checked:bg-stone-950 dark:has-checked:text-gold-300",
                    "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-pasture-600",
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-kind`}
                    value={value}
                    checked={kind === value}
                    onChange={() => setKind(value)}
                    className="sr-only"
                  />
                  <Icon aria-hidden="true" className="h-4 w-4" />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <label htmlFor={`${id}-body`} className="sr-only">
          {kind === "prayer_request" ? "Your prayer request" : "Your post"}
        </label>
        <MentionTextarea
          id={`${id}-body`}
          rows={expanded ? 3 : 1}
          className={expanded ? undefined : "min-h-11! resize-none"}
          maxLength={POST_MAX}
          placeholder={current.placeholder}
          aria-describedby={expanded ? `${id}-count` : undefined}
          value={body}
          onValueChange={setBody}
        />
        {expanded ? (
          <>
            <div className="flex justify-end">
              <CharacterCount id={`${id}-count`} length={body.length} max={POST_MAX} />
            </div>
            <ScriptureRefField
              value={reference}
              onChange={setReference}
              showError={referenceTouched}
              onBlur={() => setReferenceTouched(true)}
            />
            {picture ? (
              <div className="relative inline-block">
                <img
                  src={picture.preview}
                  alt="The picture you are about to share"
                  className="max-h-48 rounded-xl border border-stone-200 object-cover dark:border-stone-800"
                />
                <button
                  type="button"
                  aria-label="Remove picture"
                  onClick={() => setPicture(null)}
                  disabled={busy}
                  className="absolute top-2 right-2 inline-flex h-8 w-8 items-center justify-center rounded-full bg-stone-900/70 text-white hover:bg-stone-900"
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </button>
              </div>
            ) : null}
            <div className="flex items-center justify-between gap-2">
              <input
                ref={fileInput}
                type="file"
                accept={POST_IMAGE_TYPES.join(",")}
                className="sr-only"
                tabIndex={-1}
                aria-label="Picture to share"
                onChange={(e) => choosePicture(e.target.files?.[0])}
              />
              <Button variant="ghost" size="sm" onClick={() => fileInput.current?.click()} disabled={busy}>
                <ImagePlus aria-hidden="true" className="h-4 w-4" />
                {picture ? "Change picture" : "Add a picture"}
              </Button>
              <Button type="submit" disabled={busy || body.trim().length === 0}>
                {upload.isPending
                  ? "Uploading..."
                  : create.isPending
                    ? "Sharing..."
                    : kind === "prayer_request"
                      ? "Share prayer request"
                      : "Share"}
              </Button>
            </div>
          </>
        ) : null}
      </form>
    </Card>
  );
}
