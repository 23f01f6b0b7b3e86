import pg from "pg";
import { openDatabase, prepareDatabase } from "./bootstrap";
import { loadConfig } from "./config";
import { createDatabase } from "./db/client";
import { createLogger } from "./logger";
import { setAdmin } from "./modules/admin/service";

/** npm run admin -- grant|revoke EMAIL */
async function main() {
  const [command, email] = process.argv.slice(2);
  if ((command !== "grant" && command !== "revoke") || !email) {
    console.error("Usage: npm run admin -- grant EMAIL   (or: revoke EMAIL)");
    process.exit(2);
  }
  const config = loadConfig();
  const log = createLogger("warn");
  const database = await openDatabase(config, log, { shareRunning: true });
  // The database alone (migrated first, as before a first start): no job workers, heartbeat or stores for one update.
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    const db = createDatabase(pool);
    await prepareDatabase({ pool, db, log });
    const found = await setAdmin(db, email, command === "grant");
    if (!found) {
      console.error(`No account uses ${email}. Sign up first, then run this again.`);
      process.exitCode = 1;
    } else {
      console.log(command === "grant" ? `${email} is now an admin.` : `${email} is no longer an admin.`);
    }
  } finally {
    await pool.end();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
