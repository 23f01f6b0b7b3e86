import { useState } from "react";
import { Button } from "@/components/ui/button";
import { showError } from "@/lib/toast";
import { exportAccount } from "../api/export-account";
import { SettingsSection } from "./settings-section";

/** Saves a JSON value as a file download in this browser. */
function downloadJson(data: unknown, fileName: string) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Download everything Shepherd keeps about him. */
export function DataSection() {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      downloadJson(await exportAccount(), `shepherd-data-${new Date().toISOString().slice(0, 10)}.json`);
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <SettingsSection title="Your data" description="Everything Shepherd keeps about you, as one JSON file.">
      <Button variant="secondary" onClick={download} disabled={downloading}>
        {downloading ? "Preparing..." : "Download my data"}
      </Button>
    </SettingsSection>
  );
}
