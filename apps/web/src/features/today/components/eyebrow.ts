/** The small capitalised heading of a step or a part of a dialog ("READ", "THIS WEEK") on Today. */
export const EYEBROW_HEADING = "text-sm font-semibold tracking-wide text-pasture-700 uppercase dark:text-gold-300";

/** A quiet link from a card on Today to the page that says more about it ("See your insights", "All your whispers"). */
export const TODAY_LINK =
  "inline-flex min-h-11 items-center gap-1 text-sm font-medium text-pasture-700 underline-offset-4 hover:underline dark:text-gold-300";
