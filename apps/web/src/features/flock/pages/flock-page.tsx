import { useSearchParams } from "react-router";
import { FlockHome } from "../components/flock-home";
import { FlockView } from "../components/flock-view";

/** /flock is My Flock; /flock?f={id} opens one flock (see ../paths.ts). */
export function FlockPage() {
  const [params] = useSearchParams();
  const flockId = params.get("f");
  return flockId ? <FlockView key={flockId} flockId={flockId} /> : <FlockHome />;
}
