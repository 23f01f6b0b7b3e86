// Temporary: splits a CPU profile into busy stretches and shows what the longest ones ran.
import fs from "node:fs";
const p = JSON.parse(fs.readFileSync(process.argv[2]));
const nodes = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let t = p.startTime; const samples = [];
for (let i = 0; i < p.samples.length; i++) { t += p.timeDeltas[i]; samples.push([t, p.samples[i], p.timeDeltas[i + 1] ?? 0]); }
const idle = (id) => ["(idle)", "(program)", "(garbage collector)"].includes(nodes.get(id).callFrame.functionName) && nodes.get(id).callFrame.functionName !== "(garbage collector)";
const tasks = []; let cur = null;
for (const [ts, id, dt] of samples) {
  if (idle(id)) { if (cur && ts - cur.end > 1000) { tasks.push(cur); cur = null; } continue; }
  if (!cur) cur = { start: ts, end: ts, s: [] };
  cur.end = ts + dt; cur.s.push([id, dt]);
}
if (cur) tasks.push(cur);
tasks.sort((a, b) => (b.end - b.start) - (a.end - a.start));
const name = (n) => `${n.callFrame.functionName || "(anon)"} ${(n.callFrame.url || "").split("/").pop()}:${n.callFrame.lineNumber + 1}`;
for (const task of (process.argv[3] === "order" ? [...tasks].sort((a, b) => a.start - b.start).filter((t) => t.end - t.start > 8000) : tasks.slice(0, Number(process.argv[3] ?? 4)))) {
  console.log(`\n== task at ${((task.start - p.startTime) / 1000).toFixed(0)} ms, ${((task.end - task.start) / 1000).toFixed(1)} ms`);
  const self = new Map(), incl = new Map();
  for (const [id, dt] of task.s) {
    self.set(name(nodes.get(id)), (self.get(name(nodes.get(id))) ?? 0) + dt);
    const seen = new Set(); let x = id;
    while (x !== undefined) { const k = name(nodes.get(x)); if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + dt); } x = parent.get(x); }
  }
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${(v / 1000).toFixed(1).padStart(6)} ${k}`).join("\n");
  console.log(" self:\n" + top(self, 12)); console.log(" inclusive:\n" + top(incl, 22));
}
console.log("\nall busy stretches > 8 ms, in order:");
for (const task of [...tasks].sort((a, b) => a.start - b.start)) if (task.end - task.start > 8000) console.log(`  at ${((task.start - p.startTime) / 1000).toFixed(0)} ms: ${((task.end - task.start) / 1000).toFixed(1)} ms`);
