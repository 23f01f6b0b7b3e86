import { cn } from "@/lib/cn";

/** A person's picture, or the first letter of their name ("?" when there is none). */
export function Avatar(props: { name: string | null | undefined; url: string | null | undefined; size?: "sm" | "md" | "lg" }) {
  const size = { sm: "h-9 w-9 text-sm", md: "h-14 w-14 text-xl", lg: "h-20 w-20 text-3xl" }[props.size ?? "md"];
  const letter = props.name?.trim().charAt(0).toUpperCase() || "?";
  if (props.url) return <img src={props.url} alt="" className={cn("rounded-full object-cover", size)} />;
  return (
    <span
      aria-hidden="true"
      className={cn("flex items-center justify-center rounded-full bg-pasture-700 font-semibold text-white", size)}
    >
      {letter}
    </span>
  );
}
