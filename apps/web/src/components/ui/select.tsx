import { forwardRef, type SelectHTMLAttributes } from "react";
import { cn } from "@/lib/cn";
import { controlClass } from "./input";

/** A native select (the phone's own picker, keyboard and screen readers for free), looking like the other fields. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select(
  { className, ...props },
  ref,
) {
  return <select ref={ref} className={cn(controlClass, "h-11 pr-8", className)} {...props} />;
});
