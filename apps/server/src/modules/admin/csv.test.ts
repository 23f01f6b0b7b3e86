import { describe, expect, test } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("admin CSV export", () => {
  test("quotes cells with quotes, commas and line breaks, doubling the quotes", () => {
    expect(csvCell('He said "hi"')).toBe('"He said ""hi"""');
    expect(csvCell("Reed, Caleb")).toBe('"Reed, Caleb"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(null)).toBe("");
    expect(csvCell(true)).toBe("true");
  });

  test("a cell a spreadsheet would run as a formula starts with an apostrophe", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+44 20")).toBe("'+44 20");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell("a=b")).toBe("a=b");
  });

  test("rows end with CRLF under a header row", () => {
    const csv = toCsv(
      [
        { header: "name", value: (r: { name: string; n: number }) => r.name },
        { header: "n", value: (r) => r.n },
      ],
      [{ name: "Caleb", n: 2 }],
    );
    expect(csv).toBe("name,n\r\nCaleb,2\r\n");
  });
});
