import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { promptInstall, useInstallState } from "@/lib/pwa/install";
import { SettingsSection } from "./settings-section";

/** "Install Shepherd": on his home screen or dock, opening like an app, today's reading there even offline. */
export function InstallSection() {
  const state = useInstallState();
  return (
    <SettingsSection
      title="Install Shepherd"
      description="Open Shepherd from your home screen like an app; today's reading is there even without a signal."
    >
      {state === "installed" ? (
        <p className="text-sm">Shepherd is installed on this device.</p>
      ) : state === "available" ? (
        <Button variant="secondary" onClick={() => void promptInstall()}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Install Shepherd
        </Button>
      ) : (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          Use your browser&apos;s menu: &quot;Add to Home Screen&quot; on a phone, or the install button in the address bar on a
          computer.
        </p>
      )}
    </SettingsSection>
  );
}
