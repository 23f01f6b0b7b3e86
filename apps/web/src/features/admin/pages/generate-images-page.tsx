import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FilterChips } from "@/components/ui/filter-chips";
import { Loading, QueryState } from "@/components/ui/query-state";
import { notify, showError } from "@/lib/toast";
import { useGenerateDevotionalImage, useGenerateMissingImages } from "../api/generate-images";
import { imagesUrl, useImages } from "../api/get-images";
import { day, PagedTable } from "../components/paged-table";
import { SearchForm } from "../components/search-form";

/** /admin/generate-images: artwork for devotionals, one at a time or all those without an image. */
export function GenerateImagesPanel() {
  const [missingOnly, setMissingOnly] = useState(false);
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [running, setRunning] = useState(false);
  const overview = useImages({ missing: missingOnly, q, page }, running);
  const one = useGenerateDevotionalImage();
  const missing = useGenerateMissingImages();
  const left = overview.data?.missing;
  useEffect(() => {
    if (!running || left !== 0) return;
    setRunning(false);
    notify("Images ready", "Every devotional has its artwork.");
  }, [running, left]);
  return (
    <QueryState query={overview} loading={<Loading label="Loading devotionals" />} error="The devotionals could not be loaded.">
      {(data) => (
        <div className="space-y-6">
          <Card className="space-y-3">
            <h2 className="font-semibold">Artwork</h2>
            <p className="text-sm text-stone-700 dark:text-stone-300">
              Drawn by{" "}
              {data.provider === "offline"
                ? "Shepherd itself (offline: the theme's colours and sign, and the scripture reference)"
                : `${data.provider}, or offline when it fails`}
              . Each image counts in your image generations this month and is recorded in the audit log; Today shows it above the
              devotional.
            </p>
            <p aria-live="polite" className="text-sm">
              {data.missing.toLocaleString()} of {data.devotionals.toLocaleString()} devotionals have no image
              {running ? " (drawing them now…)" : ""}.
            </p>
            <Button
              disabled={missing.isPending || running || data.missing === 0}
              onClick={() =>
                missing.mutate(undefined, {
                  onSuccess: (result) => {
                    if (result.queued) setRunning(true);
                    else notify("Nothing to draw", "Every devotional has an image.");
                  },
                  onError: showError,
                })
              }
            >
              Generate the {data.missing.toLocaleString()} missing images
            </Button>
          </Card>
          <Card className="space-y-3">
            <h2 className="font-semibold">Devotionals</h2>
            <SearchForm
              id="admin-image-search"
              label="Title, passage or member's email"
              onSearch={(words) => {
                setQ(words);
                setPage(1);
              }}
            />
            <FilterChips
              label="Show"
              value={missingOnly ? "missing" : "all"}
              options={[
                { value: "all", label: "All" },
                { value: "missing", label: "Without an image" },
              ]}
              onChange={(v) => {
                setMissingOnly(v === "missing");
                setPage(1);
              }}
            />
            <PagedTable
              caption="Devotionals and their images"
              page={data.list}
              rowKey={(r) => r.id}
              onPage={setPage}
              csvUrl={imagesUrl({ missing: missingOnly, q, page: 1 }, "csv")}
              empty={q ? `No devotionals match "${q}".` : missingOnly ? "Every devotional has an image." : "No devotionals yet."}
              columns={[
                { header: "Date", cell: (r) => day(r.devotional_date) },
                { header: "Title", cell: (r) => r.title },
                { header: "Passage", cell: (r) => r.passage },
                { header: "Theme", cell: (r) => r.theme },
                { header: "Member", cell: (r) => r.member_email },
                {
                  header: "Image",
                  cell: (r) =>
                    r.image_url ? (
                      <img src={r.image_url} alt={`Artwork for ${r.title}`} className="h-12 w-20 rounded object-cover" />
                    ) : (
                      "None"
                    ),
                },
                {
                  header: "Action",
                  cell: (r) => (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={one.isPending}
                      onClick={() =>
                        one.mutate(r.id, {
                          onSuccess: (made) =>
                            made.fallback_reason
                              ? notify("Drawn offline", `The image model failed: ${made.fallback_reason}`)
                              : notify("Image ready", `Drawn ${made.source === "model" ? "by the model" : "offline"}.`),
                          onError: showError,
                        })
                      }
                    >
                      {r.image_url ? "Draw again" : "Generate"}
                    </Button>
                  ),
                },
              ]}
            />
          </Card>
        </div>
      )}
    </QueryState>
  );
}
