import { AlertCircle, ArrowDown, ArrowUp, GripVertical, Plus } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { EditorDay } from "@/features/path/plan-builder";

type Direction = "up" | "down";

/**
 * The plan's days in order: choose one to edit, reorder by dragging its handle (pointer: mouse, pen or finger) or with
 * its Move up and Move down buttons (keyboard: focus stays on the moved day), add a day at the end.
 */
export function BuilderDayList(props: {
  days: EditorDay[];
  selectedKey: string;
  /** Days with a message to fix. */
  flagged: (dayKey: string) => boolean;
  canAdd: boolean;
  onSelect: (dayKey: string) => void;
  /** `announce`: false while a drag is under way (the drop says where the day went). */
  onMove: (from: number, to: number, announce: boolean) => void;
  onDragEnd: (from: number, to: number) => void;
  onAdd: () => void;
}) {
  const { days, onMove, onDragEnd } = props;
  const items = useRef(new Map<string, HTMLLIElement>());
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: string; direction: Direction } | null>(null);
  const [drag, setDrag] = useState<{ key: string; from: number } | null>(null);

  // Focus follows the moved day: the same button at its new place, or the other one at the top or the bottom.
  useLayoutEffect(() => {
    if (!focusAfterMove) return;
    const { key, direction } = focusAfterMove;
    const same = buttons.current.get(`${key}-${direction}`);
    const other = buttons.current.get(`${key}-${direction === "up" ? "down" : "up"}`);
    (same && !same.disabled ? same : other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  // A drag follows the pointer over the list (window listeners: the handle moves in the DOM as the days reorder).
  const order = days.map((d) => d.key).join(" ");
  useEffect(() => {
    if (!drag) return;
    const keys = order.split(" ");
    // The dragged day's place: after every other day whose middle is above the pointer.
    const indexUnder = (y: number) =>
      keys.filter((key) => {
        const rect = items.current.get(key)?.getBoundingClientRect();
        return key !== drag.key && rect !== undefined && rect.top + rect.height / 2 < y;
      }).length;
    const move = (event: PointerEvent) => {
      event.preventDefault();
      const at = keys.indexOf(drag.key);
      const to = indexUnder(event.clientY);
      if (at !== -1 && to !== at) onMove(at, to, false);
    };
    const end = () => {
      onDragEnd(drag.from, keys.indexOf(drag.key));
      setDrag(null);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", end);
    return () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", end);
    };
  }, [drag, order, onMove, onDragEnd]);

  const startDrag = (event: ReactPointerEvent, key: string, index: number) => {
    if (event.button !== 0) return;
    event.preventDefault();
    setDrag({ key, from: index });
  };

  const moveBy = (index: number, key: string, direction: Direction) => {
    onMove(index, direction === "up" ? index - 1 : index + 1, true);
    setFocusAfterMove({ key, direction });
  };

  return (
    <div className="space-y-3">
      <p id="builder-days-hint" className="text-sm text-stone-600 dark:text-stone-400">
        Drag a day by its handle, or use its arrows, to change the order.
      </p>
      <ol aria-label="Days" aria-describedby="builder-days-hint" className="space-y-2">
        {days.map((day, index) => {
          const selected = day.key === props.selectedKey;
          const flagged = props.flagged(day.key);
          const label = `Day ${index + 1}`;
          return (
            <li
              key={day.key}
              ref={(node) => {
                if (node) items.current.set(day.key, node);
                else items.current.delete(day.key);
              }}
              data-testid="builder-day"
              className={cn(
                "flex items-center gap-1 rounded-xl border bg-white p-1 dark:bg-stone-900",
                selected ? "border-pasture-600 ring-1 ring-pasture-600" : "border-stone-200 dark:border-stone-800",
                drag?.key === day.key && "opacity-70 shadow-lg",
              )}
            >
              <span
                aria-hidden="true"
                title="Drag to reorder"
                data-testid="drag-handle"
                onPointerDown={(event) => startDrag(event, day.key, index)}
                className="flex h-10 w-6 shrink-0 cursor-grab touch-none items-center justify-center text-stone-500 active:cursor-grabbing"
              >
                <GripVertical className="h-4 w-4" />
              </span>
              <button
                type="button"
                aria-current={selected ? "true" : undefined}
                onClick={() => props.onSelect(day.key)}
                className="flex min-h-10 min-w-0 flex-1 items-center gap-2 rounded-lg px-2 text-left text-sm hover:bg-stone-50 dark:hover:bg-stone-800"
              >
                <span className="shrink-0 font-semibold text-pasture-900 dark:text-stone-100">{label}</span>
                <span className="sr-only">: </span>
                <span className="min-w-0 truncate text-stone-700 dark:text-stone-300">{day.title.trim() || "Untitled"}</span>
                {flagged ? (
                  <>
                    <AlertCircle aria-hidden="true" className="ml-auto h-4 w-4 shrink-0 text-red-700 dark:text-red-400" />
                    <span className="sr-only">, has something to fix</span>
                  </>
                ) : null}
              </button>
              {(["up", "down"] as const).map((direction) => {
                const Icon = direction === "up" ? ArrowUp : ArrowDown;
                const disabled = direction === "up" ? index === 0 : index === days.length - 1;
                return (
                  <Button
                    key={direction}
                    ref={(node) => {
                      if (node) buttons.current.set(`${day.key}-${direction}`, node);
                      else buttons.current.delete(`${day.key}-${direction}`);
                    }}
                    variant="ghost"
                    size="sm"
                    className="h-10 w-10 shrink-0 px-0 disabled:opacity-40"
                    aria-label={`Move day ${index + 1} ${direction}`}
                    disabled={disabled}
                    onClick={() => moveBy(index, day.key, direction)}
                  >
                    <Icon aria-hidden="true" className="h-4 w-4" />
                  </Button>
                );
              })}
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" className="w-full" disabled={!props.canAdd} onClick={props.onAdd}>
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add a day
      </Button>
    </div>
  );
}
