import { HandHeart } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/** The devotional's prayer, and "I prayed this" once a day (not on the backup devotional). */
export function PrayerCard(props: { prayer: string; prayedAt?: string | null; onPrayed?: () => void }) {
  return (
    <Card className="space-y-3" aria-labelledby="prayer-title">
      <h2 id="prayer-title" className="flex items-center gap-2 font-semibold">
        <HandHeart aria-hidden="true" className="h-5 w-5 text-pasture-700 dark:text-gold-300" />
        Pray
      </h2>
      <p className="font-serif text-lg leading-relaxed">{props.prayer}</p>
      {props.onPrayed ? (
        props.prayedAt ? (
          <p className="text-sm font-medium text-pasture-700 dark:text-gold-300">Amen. You prayed this today.</p>
        ) : (
          <Button variant="secondary" size="sm" onClick={props.onPrayed}>
            I prayed this
          </Button>
        )
      ) : null}
    </Card>
  );
}
