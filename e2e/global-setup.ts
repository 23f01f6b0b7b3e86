import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { ADMIN_EMAILS } from "./helpers";

const root = path.resolve(import.meta.dirname, "..");

async function waitForHealth(url: string, server: ChildProcess, log: () => string): Promise<void> {
  // The embedded PostgreSQL starts first: on a loaded 2-core machine that alone can take a minute.
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`The server exited while starting:\n${log()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer within 180 s:\n${log()}`);
}

/** Starts an SMTP sink (every message lands as a file in E2E_MAIL_DIR) and the built server on E2E_PORT. */
export default async function globalSetup() {
  const port = process.env.E2E_PORT ?? "3999";
  const smtpPort = Number(process.env.E2E_SMTP_PORT ?? "2599");
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-e2e-"));
  fs.chmodSync(work, 0o755);
  const mailDir = path.join(work, "mail");
  fs.mkdirSync(mailDir);
  process.env.E2E_MAIL_DIR = mailDir;
  // The server's DATA_DIR: a spec that needs days gone by writes them through its embedded PostgreSQL (e2e/database.ts).
  const dataDir = path.join(work, "data");
  process.env.E2E_DATA_DIR = dataDir;
  const authSecret = randomBytes(32).toString("base64url");
  process.env.E2E_AUTH_SECRET = authSecret;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        fs.writeFileSync(
          path.join(mailDir, `${Date.now()}-${Math.random().toString(36).slice(2)}.eml`),
          `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString("utf8")}`,
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));

  let output = "";
  const server = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: port,
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      RATE_LIMIT_AUTH_MAX: "1000",
      // The accounts that sign up as admins.
      ADMIN_EMAILS: ADMIN_EMAILS.join(","),
      // Known to the specs, which sign the session cookies of the members they write into the database (makeMember).
      BETTER_AUTH_SECRET: authSecret,
      // Scrypt at a test cost (apps/server/src/auth/password-hashing.ts), as makeMember hashes his password.
      PASSWORD_HASHING: "test",
      LOG_LEVEL: "warn",
      // Browsers and the server share two busy cores: longer database waits than a server's defaults (3 and 5 s), as
      // the integration suite's (apps/server/test/helpers/timeouts.ts).
      DATABASE_CONNECT_TIMEOUT_SECONDS: "20",
      DATABASE_QUERY_TIMEOUT_SECONDS: "30",
      DATABASE_URL: "",
      OPERATOR_NAME: "Shepherd Test Ministries",
      OPERATOR_EMAIL: "care@shepherd-test.example",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  server.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  await waitForHealth(`http://localhost:${port}`, server, () => output.slice(-4000));

  return async () => {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    fs.rmSync(work, { recursive: true, force: true });
  };
}
