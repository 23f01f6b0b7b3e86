import type { ReactNode } from "react";

/** The heading block every page starts with. Its h1 takes focus when he arrives on the page (app/route-announcer.tsx). */
export function PageHeading(props: { title: string; description?: ReactNode; children?: ReactNode }) {
  return (
    <header className="mb-6 space-y-1">
      <h1 tabIndex={-1} className="font-serif text-2xl font-semibold text-pasture-900 dark:text-stone-50">
        {props.title}
      </h1>
      {props.description ? <p className="text-stone-700 dark:text-stone-300">{props.description}</p> : null}
      {props.children}
    </header>
  );
}
