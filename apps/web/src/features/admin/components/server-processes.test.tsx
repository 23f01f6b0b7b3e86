import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AdminServerProcess } from "@shepherd/shared/admin";
import { ServerProcesses } from "./server-processes";

const serverProcess = (overrides: Partial<AdminServerProcess>): AdminServerProcess => ({
  id: "p1",
  host: "web-1",
  pid: 4242,
  version: "0.1.0 (build 2026-12-02T01:05:00.000Z)",
  role: "web",
  started_at: "2026-12-02T01:05:00.000Z",
  last_seen_at: "2026-12-02T01:15:00.000Z",
  memory_bytes: 150 * 1024 * 1024,
  connections: 1234,
  answering: false,
  ...overrides,
});

/** The table's text, one array of cells per row (header row first). */
function rows(markup: string): string[][] {
  return [...markup.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row]) =>
    [...row!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map(([, cell]) => cell!.replace(/<[^>]+>/g, "")),
  );
}

describe("ServerProcesses", () => {
  it("lists each process with host, pid, role, version, times, memory and connections; the answering one is marked", () => {
    const markup = renderToStaticMarkup(
      <ServerProcesses
        processes={[
          serverProcess({ id: "p1", answering: true, role: "all" }),
          serverProcess({ id: "p2", host: "worker-1", pid: 7, role: "worker" }),
        ]}
      />,
    );
    const [header, first, second] = rows(markup);
    expect(header).toEqual(["Host", "PID", "Role", "Version", "Started", "Last seen", "Memory", "Connections"]);
    expect(first!.slice(0, 4)).toEqual(["web-1(answered this page)", "4242", "all", "0.1.0 (build 2026-12-02T01:05:00.000Z)"]);
    expect(first!.slice(6)).toEqual(["150.0 MB", (1234).toLocaleString()]);
    expect(second!.slice(0, 3)).toEqual(["worker-1", "7", "worker"]);
    // A phone scrolls the table in its own box, which the keyboard reaches.
    expect(markup).toMatch(/^<div class="overflow-x-auto[^"]*" tabindex="0" role="region" aria-label="Server processes">/);
  });

  it("says so when no process has sent its heartbeat", () => {
    expect(renderToStaticMarkup(<ServerProcesses processes={[]} />)).toContain("No server process has sent its heartbeat yet.");
  });
});
