import { useEffect, useId, useRef, type ReactNode } from "react";
import { CloseButton } from "./close-button";

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, Escape closes it, and focus returns to
 * what opened it. Clicking the backdrop closes it too.
 */
export function Dialog(props: { open: boolean; onClose: () => void; title: string; description?: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const { open } = props;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={props.description ? descriptionId : undefined}
      onClose={props.onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) props.onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-stone-200 bg-white p-0 text-stone-900 shadow-xl backdrop:bg-black/50 dark:border-stone-800 dark:bg-stone-900 dark:text-stone-100"
    >
      {open ? (
        <div className="space-y-4 p-5">
          <div className="flex items-start justify-between gap-3">
            <div className="space-y-1">
              <h2 id={titleId} className="text-lg font-semibold">
                {props.title}
              </h2>
              {props.description ? (
                <p id={descriptionId} className="text-sm text-stone-600 dark:text-stone-400">
                  {props.description}
                </p>
              ) : null}
            </div>
            <CloseButton label="Close" onClick={props.onClose} className="shrink-0" />
          </div>
          {props.children}
        </div>
      ) : null}
    </dialog>
  );
}
