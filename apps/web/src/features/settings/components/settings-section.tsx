import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** One card of Settings: its title, what it is for, and its controls. */
export function SettingsSection(props: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">{props.title}</h2>
        {props.description ? <p className="text-sm text-stone-600 dark:text-stone-400">{props.description}</p> : null}
      </div>
      {props.children}
    </Card>
  );
}
