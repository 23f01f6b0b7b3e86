// npm run dev: the API server (rebuilt on start) on PORT 3000 and Vite's dev server (with hot reload) in front of it.
import { spawn, execSync } from "node:child_process";
import { root } from "./build-if-needed.mjs";

execSync("node apps/server/build.mjs", { cwd: root, stdio: "inherit" });
const server = spawn(process.execPath, ["apps/server/dist/main.js"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, PORT: process.env.PORT ?? "3000", TRUSTED_ORIGINS: "http://localhost:5173" },
});
const web = spawn("npx", ["vite"], { cwd: `${root}/apps/web`, stdio: "inherit" });
const stop = () => {
  server.kill("SIGTERM");
  web.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", stop);
web.on("exit", stop);
