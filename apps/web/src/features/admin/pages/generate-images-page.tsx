import { useEffect, useState } from "react";
import type { AdminImageKind, AdminImages } from "@shepherd/shared/admin";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FilterChips } from "@/components/ui/filter-chips";
import { Loading, QueryState } from "@/components/ui/query-state";
import { TabPanel, Tabs } from "@/components/ui/tabs";
import { notify, showError } from "@/lib/toast";
import { useGenerateImage, useGenerateMissingImages } from "../api/generate-images";
import { imagesUrl, useImages } from "../api/get-images";
import { day, PagedTable } from "../components/paged-table";
import { SearchForm } from "../components/search-form";

/** Each kind's words: the tab, the count line, the list's heading and search label, and where the image is shown. */
const KINDS: Record<
  AdminImageKind,
  {
    tab: string;
    plural: string;
    image: string;
    without: string;
    search: string;
    shownOn: string;
    noneYet: string;
    allDone: string;
  }
> = {
  devotionals: {
    tab: "Devotionals",
    plural: "devotionals",
    image: "image",
    without: "Without an image",
    search: "Title, passage or member's email",
    shownOn: "Today shows it above the devotional.",
    noneYet: "No devotionals yet.",
    allDone: "Every devotional has an image.",
  },
  plans: {
    tab: "Plans",
    plural: "plans",
    image: "cover",
    without: "Without a cover",
    search: "Title, passage or maker's email",
    shownOn: "The Path shows it as the plan's cover, to every member who sees the plan.",
    noneYet: "No plans yet.",
    allDone: "Every plan has a cover.",
  },
  series: {
    tab: "Series",
    plural: "series",
    image: "cover",
    without: "Without a cover",
    search: "Title, passage or maker's email",
    shownOn: "The Pasture shows it as the series' cover, to every member who sees the series.",
    noneYet: "No series yet.",
    allDone: "Every series has a cover.",
  },
};

const TABS = (Object.keys(KINDS) as AdminImageKind[]).map((value) => ({ value, label: KINDS[value].tab }));

/** /admin/generate-images: artwork for devotionals and covers for plans and series, one at a time or all missing. */
export function GenerateImagesPanel() {
  const [kind, setKind] = useState<AdminImageKind>("devotionals");
  return (
    <div className="space-y-4">
      <Tabs label="Draw images for" idBase="admin-images" value={kind} onChange={setKind} tabs={TABS} columns={3} />
      <TabPanel idBase="admin-images" value={kind}>
        {/* Each kind starts with its own search, filter, page and job. */}
        <KindImages key={kind} kind={kind} />
      </TabPanel>
    </div>
  );
}

function KindImages({ kind }: { kind: AdminImageKind }) {
  const words = KINDS[kind];
  const [missingOnly, setMissingOnly] = useState(false);
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [running, setRunning] = useState(false);
  const overview = useImages({ kind, missing: missingOnly, q, page }, running);
  const missing = useGenerateMissingImages();
  const left = overview.data?.missing;
  useEffect(() => {
    if (!running || left !== 0) return;
    setRunning(false);
    notify("Images ready", kind === "devotionals" ? "Every devotional has its artwork." : words.allDone);
  }, [running, left, kind, words.allDone]);
  return (
    <QueryState
      query={overview}
      loading={<Loading label={`Loading ${words.plural}`} />}
      error={`The ${words.plural} could not be loaded.`}
    >
      {(data) => (
        <div className="space-y-6">
          <Card className="space-y-3">
            <h2 className="font-semibold">Artwork</h2>
            <p className="text-sm text-stone-700 dark:text-stone-300">
              Drawn by{" "}
              {data.provider === "offline"
                ? "Shepherd itself (offline: the theme's colours and sign, and the scripture reference)"
                : `${data.provider}, or offline when it fails`}
              . Each image counts in your image generations this month and is recorded in the audit log; {words.shownOn}
            </p>
            <p aria-live="polite" className="text-sm">
              {data.missing.toLocaleString()} of {data.count.toLocaleString()} {words.plural} have no {words.image}
              {running ? " (drawing them now…)" : ""}.
            </p>
            <Button
              disabled={missing.isPending || running || data.missing === 0}
              onClick={() =>
                missing.mutate(kind, {
                  onSuccess: (result) => {
                    if (result.queued) setRunning(true);
                    else notify("Nothing to draw", words.allDone);
                  },
                  onError: showError,
                })
              }
            >
              Generate the {data.missing.toLocaleString()} missing {words.image}s
            </Button>
          </Card>
          <Card className="space-y-3">
            <h2 className="font-semibold">{words.tab}</h2>
            <SearchForm
              id={`admin-image-search-${kind}`}
              label={words.search}
              onSearch={(found) => {
                setQ(found);
                setPage(1);
              }}
            />
            <FilterChips
              label="Show"
              value={missingOnly ? "missing" : "all"}
              options={[
                { value: "all", label: "All" },
                { value: "missing", label: words.without },
              ]}
              onChange={(v) => {
                setMissingOnly(v === "missing");
                setPage(1);
              }}
            />
            <ImageTable
              data={data}
              onPage={setPage}
              csvUrl={imagesUrl({ kind, missing: missingOnly, q, page: 1 }, "csv")}
              empty={q ? `No ${words.plural} match "${q}".` : missingOnly ? words.allDone : words.noneYet}
            />
          </Card>
        </div>
      )}
    </QueryState>
  );
}

/** The list: devotionals with their date and member; plans and series with their source and maker. */
function ImageTable(props: { data: AdminImages; onPage: (page: number) => void; csvUrl: string; empty: string }) {
  const { data } = props;
  const shared = { onPage: props.onPage, csvUrl: props.csvUrl, empty: props.empty, rowKey: (r: { id: string }) => r.id };
  const image = (r: { title: string; image_url: string | null }) =>
    r.image_url ? <img src={r.image_url} alt={`Artwork for ${r.title}`} className="h-12 w-20 rounded object-cover" /> : "None";
  const action = {
    header: "Action",
    cell: (r: { id: string; image_url: string | null }) => <DrawButton kind={data.kind} row={r} />,
  };
  if (data.kind === "devotionals") {
    return (
      <PagedTable
        {...shared}
        caption="Devotionals and their images"
        page={data.list}
        columns={[
          { header: "Date", cell: (r) => day(r.devotional_date) },
          { header: "Title", cell: (r) => r.title },
          { header: "Passage", cell: (r) => r.passage },
          { header: "Theme", cell: (r) => r.theme },
          { header: "Member", cell: (r) => r.member_email },
          { header: "Image", cell: image },
          action,
        ]}
      />
    );
  }
  return (
    <PagedTable
      {...shared}
      caption={`${KINDS[data.kind].tab} and their covers`}
      page={data.list}
      columns={[
        { header: "Title", cell: (r) => r.title },
        { header: "Source", cell: (r) => (r.source === "starter" ? "Library" : "Member's own") },
        { header: "Passage", cell: (r) => r.passage ?? "—" },
        { header: "Theme", cell: (r) => r.theme },
        { header: "Maker", cell: (r) => r.owner_email ?? "—" },
        { header: "Cover", cell: image },
        action,
      ]}
    />
  );
}

/** Draws one image now: "Generate", or "Draw again" when it has one. */
function DrawButton({ kind, row }: { kind: AdminImageKind; row: { id: string; image_url: string | null } }) {
  const one = useGenerateImage();
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={one.isPending}
      onClick={() =>
        one.mutate(
          { kind, id: row.id },
          {
            onSuccess: (made) =>
              made.fallback_reason
                ? notify("Drawn offline", `The image model failed: ${made.fallback_reason}`)
                : notify("Image ready", `Drawn ${made.source === "model" ? "by the model" : "offline"}.`),
            onError: showError,
          },
        )
      }
    >
      {row.image_url ? "Draw again" : "Generate"}
    </Button>
  );
}
