import { Dialog } from "@/components/ui/dialog";

/** Book -> chapter -> verse: the chapter's verse numbers as large targets. */
export function VerseGridDialog(props: {
  open: boolean;
  title: string;
  verses: number;
  onClose: () => void;
  onPick: (verse: number) => void;
}) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title={props.title} description="Go to a verse.">
      <ul className="grid max-h-[60vh] grid-cols-6 gap-2 overflow-y-auto">
        {Array.from({ length: props.verses }, (_, i) => i + 1).map((verse) => (
          <li key={verse}>
            <button
              type="button"
              aria-label={`Verse ${verse}`}
              onClick={() => props.onPick(verse)}
              className="flex aspect-square w-full items-center justify-center rounded-lg border border-stone-200 text-sm font-medium hover:border-pasture-600 hover:bg-pasture-50 dark:border-stone-800 dark:hover:bg-stone-800"
            >
              {verse}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
