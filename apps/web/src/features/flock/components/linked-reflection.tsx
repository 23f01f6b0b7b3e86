import { useQuery } from "@tanstack/react-query";
import type { Reflection } from "@shepherd/shared/community";
import { LinkedItem } from "@/community";
import { flockPath } from "../paths";
import { reflectionQuery } from "../api/get-reflections";
import { ReflectionCard } from "./reflection-card";

/** /flock?f={flock}&reflection={id}(&comment={id}): the reflection a notification is about, above the flock's feed. */
export function LinkedReflection(props: { flockId: string; reflectionId: string; commentId: string | null }) {
  const reflection = useQuery(reflectionQuery(props.flockId, props.reflectionId));
  return (
    <LinkedItem<Reflection>
      query={reflection}
      what="reflection"
      backTo={flockPath(props.flockId)}
      backLabel="Show all reflections"
    >
      {(item) => (
        <ReflectionCard key={item.id} reflection={item} openComments={Boolean(props.commentId)} markedComment={props.commentId} />
      )}
    </LinkedItem>
  );
}
