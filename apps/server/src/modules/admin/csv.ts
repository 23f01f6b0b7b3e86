import type { Context } from "hono";

/**
 * RFC 4180 CSV: every cell quoted when it holds a quote, comma or line break (quotes doubled). A cell that a
 * spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return) gets a leading apostrophe.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : typeof value === "object" ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(columns: ReadonlyArray<{ header: string; value: (row: T) => unknown }>, rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** The CSV as a download named `<name>-YYYY-MM-DD.csv`. */
export function csvResponse(c: Context, name: string, csv: string): Response {
  const file = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
  return c.body(csv, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${file}"`,
  });
}
