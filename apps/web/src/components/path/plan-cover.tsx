import { Baby, BookOpen, Briefcase, Compass, Heart, type LucideIcon, Shield, Sunrise, Users } from "lucide-react";
import { cn } from "@/lib/cn";

/**
 * A plan's or a series' cover: its artwork when an admin drew one (Generate images), over the theme's colour while it
 * loads; otherwise the theme's colour and symbol. Decorative either way: the title beside it says what it is.
 */
const COVERS: Record<string, { icon: LucideIcon; className: string }> = {
  marriage: { icon: Heart, className: "from-rose-700 to-rose-500" },
  fatherhood: { icon: Baby, className: "from-sky-800 to-sky-600" },
  work: { icon: Briefcase, className: "from-slate-700 to-slate-500" },
  prayer: { icon: Sunrise, className: "from-amber-700 to-amber-500" },
  bible_study: { icon: BookOpen, className: "from-pasture-800 to-pasture-600" },
  brotherhood: { icon: Users, className: "from-indigo-800 to-indigo-600" },
  temptation: { icon: Shield, className: "from-stone-800 to-stone-600" },
  leadership: { icon: Compass, className: "from-emerald-800 to-emerald-600" },
};

export function PlanCover(props: { theme: string; imageUrl?: string | null; className?: string; size?: "sm" | "md" | "lg" }) {
  const cover = COVERS[props.theme] ?? COVERS.bible_study!;
  const Icon = cover.icon;
  const size = props.size ?? "md";
  return (
    <div
      aria-hidden="true"
      className={cn(
        "flex shrink-0 items-center justify-center overflow-hidden rounded-xl bg-gradient-to-br text-white",
        cover.className,
        size === "sm" && "h-12 w-12",
        size === "md" && "h-16 w-16",
        size === "lg" && "h-24 w-24 rounded-2xl",
        props.className,
      )}
    >
      {props.imageUrl ? (
        <img src={props.imageUrl} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
      ) : (
        <Icon className={size === "lg" ? "h-10 w-10" : size === "md" ? "h-7 w-7" : "h-5 w-5"} />
      )}
    </div>
  );
}
