import { HandHeart } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/** The devotional's prayer, and "I prayed this" once a day (not on the backup devotional). */
export function PrayerCard(props: { prayer: string; prayedAt?: string | null; onPrayed?: () => void; pending?: boolean }) {
  const [pressed, setPressed] = useState(false);
  const amen = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // The button he pressed gives way to "Amen": focus follows it rather than falling to the page.
    if (pressed && props.prayedAt) amen.current?.focus();
  }, [pressed, props.prayedAt]);
  return (
    <Card className="space-y-3" aria-labelledby="prayer-title">
      <h2 id="prayer-title" tabIndex={-1} className="flex scroll-mt-24 items-center gap-2 font-semibold">
        <HandHeart aria-hidden="true" className="h-5 w-5 text-pasture-700 dark:text-gold-300" />
        Pray
      </h2>
      <p className="font-serif text-lg leading-relaxed">{props.prayer}</p>
      {props.onPrayed ? (
        props.prayedAt ? (
          <p ref={amen} tabIndex={-1} className="text-sm font-medium text-pasture-700 dark:text-gold-300">
            Amen. You prayed this today.
          </p>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            aria-disabled={props.pending}
            onClick={() => {
              if (props.pending) return;
              setPressed(true);
              props.onPrayed?.();
            }}
          >
            I prayed this
          </Button>
        )
      ) : null}
    </Card>
  );
}
