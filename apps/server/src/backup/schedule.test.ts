import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { pruneBackups, scheduledName } from "./schedule";

test("a scheduled archive is named by its UTC start time, so names sort oldest first", () => {
  expect(scheduledName(new Date("2026-12-01T03:05:00.123Z"))).toBe("shepherd-20261201T030500Z.tar.gz");
  const names = ["2027-01-02T03:05:00Z", "2026-12-31T03:05:00Z", "2026-02-01T23:59:59Z"].map((t) => scheduledName(new Date(t)));
  expect([...names].sort()).toEqual([names[2], names[1], names[0]]);
});

test("pruning keeps the newest BACKUP_KEEP scheduled archives and leaves every other file alone", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-prune-"));
  try {
    const scheduled = ["2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30"].map((day) =>
      scheduledName(new Date(`${day}T03:05:00Z`)),
    );
    const others = ["before-upgrade.tar.gz", "shepherd-notes.txt"];
    for (const name of [...scheduled, ...others]) fs.writeFileSync(path.join(dir, name), name);
    expect(pruneBackups(dir, 2)).toEqual(scheduled.slice(0, 2));
    expect(fs.readdirSync(dir).sort()).toEqual([...others, ...scheduled.slice(2)].sort());
    expect(pruneBackups(dir, 2)).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
