/** The small capitalised heading of a step or a part of a dialog ("READ", "THIS WEEK") on Today. */
export const EYEBROW_HEADING = "text-sm font-semibold tracking-wide text-pasture-700 uppercase dark:text-gold-300";
