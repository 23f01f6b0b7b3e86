import { lazy, Suspense, useEffect, useState } from "react";
import { loadSonner, onToastWanted, toasterReady } from "@/lib/toast";

const Toaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

/** Mounted after the Toaster (its sibling, in the same Suspense): by then the Toaster listens for toasts. */
function Ready() {
  useEffect(() => toasterReady(), []);
  return null;
}

/** Sonner's Toaster, put on the page when the first toast is asked for (lib/toast.ts says why). */
export function Toasts() {
  const [shown, setShown] = useState(false);
  useEffect(() => onToastWanted(() => setShown(true)), []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton />
      <Ready />
    </Suspense>
  );
}
