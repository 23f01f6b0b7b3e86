import { notify, notifyError } from "@/lib/toast";
import { verseAsText } from "./share-image";

/** Copies `“text” — Reference (WEB)` and says so; true when it was copied. */
export async function copyVerse(verse: { text: string; reference: string; translation: string }): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(verseAsText(verse));
    notify("Copied", `${verse.reference} is ready to paste.`);
    return true;
  } catch {
    notifyError("Couldn't copy", "Your browser did not allow it. Select the text and copy it instead.");
    return false;
  }
}
