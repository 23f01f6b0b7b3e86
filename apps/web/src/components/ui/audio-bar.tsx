import { CloseButton } from "./close-button";

/**
 * Something read aloud (a chapter, a plan's day), in a bar fixed above the phone's tab bar, or at the foot of the page
 * beside the sidebar of a wide screen (the shell publishes both as CSS variables, see app/layout.tsx).
 */
export function AudioBar(props: { src: string; title: string; onClose: () => void; testId?: string }) {
  return (
    <section
      aria-label={`Listening to ${props.title}`}
      className="fixed inset-x-0 bottom-[var(--shell-tab-bar-height,4rem)] z-40 lg:left-(--shell-sidebar-width) border-t border-stone-200 bg-white px-4 py-2 dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="mx-auto flex max-w-3xl items-center gap-2">
        <audio src={props.src} controls autoPlay className="h-10 w-full" data-testid={props.testId} />
        <CloseButton label="Close the player" onClick={props.onClose} className="shrink-0" />
      </div>
    </section>
  );
}
