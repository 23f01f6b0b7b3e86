import { useState } from "react";
import { cn } from "@/lib/cn";

/** A person's picture, or the first letter of their name ("?" when there is none), also when the picture fails to load. */
export function Avatar(props: { name: string | null | undefined; url: string | null | undefined; size?: "sm" | "md" | "lg" }) {
  const size = { sm: "h-9 w-9 text-sm", md: "h-14 w-14 text-xl", lg: "h-20 w-20 text-3xl" }[props.size ?? "md"];
  const letter = props.name?.trim().charAt(0).toUpperCase() || "?";
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (props.url && failedUrl !== props.url) {
    const url = props.url;
    return <img src={url} alt="" onError={() => setFailedUrl(url)} className={cn("rounded-full object-cover", size)} />;
  }
  return (
    <span
      aria-hidden="true"
      className={cn("flex items-center justify-center rounded-full bg-pasture-700 font-semibold text-white", size)}
    >
      {letter}
    </span>
  );
}
