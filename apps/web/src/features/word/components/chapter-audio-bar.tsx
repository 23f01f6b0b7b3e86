import { X } from "lucide-react";

/** The chapter read aloud, in a bar fixed above the bottom navigation. */
export function ChapterAudioBar(props: { src: string; title: string; onClose: () => void }) {
  return (
    <section
      aria-label={`Listening to ${props.title}`}
      className="fixed inset-x-0 bottom-16 z-40 border-t border-stone-200 bg-white px-4 py-2 dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="mx-auto flex max-w-3xl items-center gap-2">
        <audio src={props.src} controls autoPlay className="h-10 w-full" data-testid="chapter-audio" />
        <button
          type="button"
          onClick={props.onClose}
          aria-label="Close the player"
          className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
    </section>
  );
}
