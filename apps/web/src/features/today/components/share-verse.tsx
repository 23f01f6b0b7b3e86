import { Download, ImageIcon, Share2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { notifyError } from "@/lib/toast";
import type { SharedVerse } from "../verse-picture";

type Picture = { blob: Blob; url: string; fileName: string };

/**
 * "Share the verse": the passage drawn as a picture on a canvas (the drawing code loads only now), then sent with the
 * device's share sheet when it can take a file, and always downloadable as a PNG.
 */
export function ShareVerse(props: { verse: SharedVerse }) {
  const [state, setState] = useState<
    { kind: "idle" } | { kind: "making" } | { kind: "ready"; picture: Picture } | { kind: "failed"; message: string }
  >({
    kind: "idle",
  });
  const shareButton = useRef<HTMLButtonElement>(null);
  const downloadLink = useRef<HTMLAnchorElement>(null);
  const url = state.kind === "ready" ? state.picture.url : null;
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  useEffect(() => {
    // The button he pressed is replaced by the picture: focus moves to what he can do with it.
    if (state.kind === "ready") (shareButton.current ?? downloadLink.current)?.focus();
  }, [state.kind]);

  const make = async () => {
    if (state.kind === "making") return;
    setState({ kind: "making" });
    try {
      const { pictureFileName, versePictureBlob } = await import("../verse-picture");
      const blob = await versePictureBlob(props.verse);
      setState({
        kind: "ready",
        picture: { blob, url: URL.createObjectURL(blob), fileName: pictureFileName(props.verse.reference) },
      });
    } catch (error) {
      setState({ kind: "failed", message: error instanceof Error ? error.message : "The picture could not be made." });
    }
  };

  if (state.kind !== "ready") {
    return (
      <div className="space-y-2">
        <Button
          variant="secondary"
          className="w-full justify-start"
          aria-disabled={state.kind === "making"}
          onClick={() => void make()}
        >
          <ImageIcon aria-hidden="true" className="h-4 w-4" />
          {state.kind === "making" ? "Making the picture..." : "Share the verse as a picture"}
        </Button>
        {state.kind === "failed" ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {state.message}
          </p>
        ) : null}
      </div>
    );
  }

  const { picture } = state;
  const file = new File([picture.blob], picture.fileName, { type: "image/png" });
  const canShare = typeof navigator.canShare === "function" && navigator.canShare({ files: [file] });
  const share = async () => {
    try {
      await navigator.share({
        files: [file],
        title: props.verse.reference,
        text: `${props.verse.reference} (${props.verse.translation})`,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      notifyError("Couldn't share", "Download the picture and send it from your photos instead.");
    }
  };

  return (
    <div className="space-y-3">
      <p role="status" className="sr-only">
        The picture of {props.verse.reference} is ready.
      </p>
      <img
        src={picture.url}
        alt={`${props.verse.reference}: ${props.verse.text}`}
        className="mx-auto aspect-[4/5] max-h-56 rounded-xl border border-stone-200 dark:border-stone-800"
        data-testid="verse-picture"
      />
      <div className="flex flex-wrap gap-2">
        {canShare ? (
          <Button ref={shareButton} onClick={() => void share()}>
            <Share2 aria-hidden="true" className="h-4 w-4" />
            Share picture
          </Button>
        ) : null}
        <a
          ref={downloadLink}
          href={picture.url}
          download={picture.fileName}
          className={
            canShare
              ? "inline-flex h-10 items-center gap-2 rounded-lg border border-stone-300 px-4 text-sm font-medium text-stone-800 hover:bg-stone-50 dark:border-stone-700 dark:text-stone-100 dark:hover:bg-stone-800"
              : "inline-flex h-10 items-center gap-2 rounded-lg bg-pasture-700 px-4 text-sm font-medium text-white hover:bg-pasture-800"
          }
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Download picture
        </a>
      </div>
    </div>
  );
}
