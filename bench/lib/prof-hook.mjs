// Preloaded into the server by bench/profile.mjs (`node --import ./bench/lib/prof-hook.mjs`): the first SIGUSR2 starts
// the V8 CPU profiler, the second stops it and writes PROF_OUT (a .cpuprofile), so that the profile covers the load
// only, not start-up, migrations or the sign-up's password hashing.
import fs from "node:fs";
import inspector from "node:inspector";

const out = process.env.PROF_OUT;
const session = new inspector.Session();
session.connect();
const post = (method, params) =>
  new Promise((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));
let running = false;
process.on("SIGUSR2", async () => {
  if (!running) {
    running = true;
    await post("Profiler.enable");
    await post("Profiler.setSamplingInterval", { interval: Number(process.env.PROF_INTERVAL_US ?? 200) });
    await post("Profiler.start");
    fs.writeFileSync(`${out}.started`, "");
    return;
  }
  running = false;
  const { profile } = await post("Profiler.stop");
  fs.writeFileSync(out, JSON.stringify(profile));
});
