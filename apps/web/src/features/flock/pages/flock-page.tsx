import { useSearchParams } from "react-router";
import { FlockHome } from "../components/flock-home";
import { FlockView } from "../components/flock-view";

/** /flock is My Flock; /flock?f={id} opens one flock (see ../paths.ts). */
export function FlockPage() {
  const [params] = useSearchParams();
  const flockId = params.get("f");
  // Following a notification's link is a fresh visit, even from this flock's own page: the flock is read again.
  const visit = `${flockId}:${params.get("reflection") ?? ""}:${params.get("comment") ?? ""}`;
  return flockId ? <FlockView key={visit} flockId={flockId} /> : <FlockHome />;
}
