import { useEffect, useState } from "react";
import { Copy, Download, Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { notifyError } from "@/lib/toast";
import { copyVerse } from "../copy-verse";
import { shareFileName, verseAsText, verseImageBlob } from "../share-image";

export interface SharedVerse {
  text: string;
  reference: string;
  translation: string;
}

/** Copy a verse as text, or make it a picture to download or send with the device's share sheet. */
export function ShareDialog(props: { verse: SharedVerse | null; onClose: () => void }) {
  return (
    <Dialog open={Boolean(props.verse)} onClose={props.onClose} title={props.verse ? `Share ${props.verse.reference}` : "Share"}>
      {props.verse ? <ShareOptions verse={props.verse} /> : null}
    </Dialog>
  );
}

function ShareOptions({ verse }: { verse: SharedVerse }) {
  const [image, setImage] = useState<{ blob: Blob; url: string } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (!verse) return;
    let url: string | null = null;
    let live = true;
    setImage(null);
    setFailed(null);
    verseImageBlob(verse)
      .then((blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setImage({ blob, url });
      })
      .catch((error: unknown) => live && setFailed(error instanceof Error ? error.message : "The image could not be made."));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [verse]);

  const fileName = shareFileName(verse.reference);
  const file = image ? new File([image.blob], fileName, { type: "image/png" }) : null;
  const canShareFile = Boolean(file && typeof navigator.canShare === "function" && navigator.canShare({ files: [file] }));

  const share = async () => {
    if (!file) return;
    try {
      await navigator.share({ files: [file], title: verse.reference, text: verseAsText(verse) });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      notifyError("Couldn't share", "Download the picture and send it from your photos instead.");
    }
  };

  return (
    <>
      <div className="overflow-hidden rounded-xl border border-stone-200 dark:border-stone-800">
        {image ? (
          <img src={image.url} alt={`${verse.reference}: ${verse.text}`} className="aspect-square w-full" />
        ) : failed ? (
          <p role="alert" className="p-4 text-sm text-red-700 dark:text-red-400">
            {failed}
          </p>
        ) : (
          <div className="flex aspect-square items-center justify-center">
            <Spinner label="Making the picture" />
          </div>
        )}
      </div>
      <blockquote className="font-serif text-stone-800 dark:text-stone-200">{verseAsText(verse)}</blockquote>
      <div className="flex flex-wrap gap-2">
        {image ? (
          <a
            href={image.url}
            download={fileName}
            className="inline-flex h-10 items-center gap-2 rounded-lg bg-pasture-700 px-4 text-sm font-medium text-white hover:bg-pasture-800"
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Download picture
          </a>
        ) : null}
        {canShareFile ? (
          <Button variant="secondary" onClick={() => void share()}>
            <Share2 aria-hidden="true" className="h-4 w-4" />
            Share picture
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => void copyVerse(verse)}>
          <Copy aria-hidden="true" className="h-4 w-4" />
          Copy text
        </Button>
      </div>
    </>
  );
}
