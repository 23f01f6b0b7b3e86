import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import * as tar from "tar";
import type { Logger } from "../logger";
import { releaseVersion } from "../version";
import { STORAGE_AREAS, type StorageProvider } from "../providers/storage/storage";
import { applyMigrations, journal, schemaVersion, SchemaVersionError, tagAt, withMigrationLock } from "../db/migrate";

/**
 * Issue 39: one archive holds everything needed to bring the service back (docs/decisions/008-backups.md):
 *
 *   manifest.json         what it is: format, app version, schema (migration count and tag), PostgreSQL, time, counts
 *   database/NNN.copy     each table's rows in COPY's text format, all read in one REPEATABLE READ snapshot
 *   files/...             the stored files (DATA_DIR/storage), as they are on disk
 *   secrets/...           the generated auth secret and VAPID keys (absent when they come from the environment)
 *
 * A gzipped tar, mode 0600: it holds members' journals and the keys that sign their sessions.
 *
 * The rows travel through the PostgreSQL protocol's COPY, so no binary is needed (the embedded package ships no
 * pg_dump, and Debian's pg_dump 15 refuses a PostgreSQL 18 server), and the text format loads into any major. The
 * schema is not in the archive: it is our migrations, so a restore brings an empty database to the archive's
 * migration, loads the rows, then applies the migrations written since.
 */

export const BACKUP_FORMAT = "shepherd-backup";
export const BACKUP_FORMAT_VERSION = 1;

/**
 * Not in the archive: shipped content the server loads at start (bible/load.ts), and what running processes hold
 * (their heartbeats and open connections, issue 40), which means nothing once they are gone.
 */
const SHIPPED_TABLES = new Set(["bible_translations", "bible_chapters", "bible_verses", "server_processes", "live_connections"]);
/** The files in DATA_DIR that the server generates once and needs again to read what it wrote (sessions, pushes). */
const SECRET_FILES = ["auth-secret", "vapid.json"] as const;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  schema: { migrations: number; tag: string | null };
  postgres: { version: string; major: number };
  database: { kind: "embedded" | "external"; cluster: string | null; clusterNote: string | null };
  tables: { name: string; file: string; columns: string[]; rows: number }[];
  sequences: { name: string; lastValue: string | null }[];
  /**
   * Where the stored files were: DATA_DIR/storage (always in the archive), or a bucket (issue 40), whose objects are in
   * the archive only when it was written with --with-objects (`included`).
   */
  storage: { kind: "local" | "s3"; files: number; bytes: number; bucket?: string; included?: boolean };
  secrets: { file: string; included: boolean; note: string | null }[];
}

export class BackupError extends Error {}

export interface BackupSource {
  databaseUrl: string;
  dataDir: string;
  /** Where an embedded cluster lives and why, when it is not DATA_DIR/postgres (the manifest says so). */
  cluster?: { path: string; note: string | null };
  /** The secrets that come from the environment (BETTER_AUTH_SECRET, VAPID_*): the operator keeps those himself. */
  secretsFromEnvironment: { authSecret: boolean; vapid: boolean };
  /** S3_BUCKET, when the stored files are there; its objects go into the archive only `withObjects`. */
  bucket?: { name: string; store: StorageProvider; withObjects: boolean };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Counts the rows COPY's text format writes (one line each: newlines inside values are written as \n). */
function lineCounter(): Transform & { lines: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) counter.lines++;
      done(null, chunk);
    },
  }) as Transform & { lines: number };
  counter.lines = 0;
  return counter;
}

/** Every stored object of the bucket into `dir` as the folder store keeps them (KEY, and its type in KEY.type). */
async function downloadObjects(store: StorageProvider, dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const area of STORAGE_AREAS) {
    for (const object of await store.list(area)) {
      const got = await store.get(object.key);
      if (!got) continue; // deleted since the listing
      const target = path.join(dir, object.key);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, got.body);
      fs.writeFileSync(`${target}.type`, got.contentType);
      files++;
      bytes += got.body.length;
    }
  }
  return { files, bytes };
}

/** The archive's files (KEY and KEY.type, as downloadObjects and the folder store write them) into a bucket. */
async function uploadObjects(store: StorageProvider, dir: string): Promise<number> {
  let uploaded = 0;
  if (!fs.existsSync(dir)) return uploaded;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith(".type")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(dir, file).split(path.sep).join("/");
    const typeFile = `${file}.type`;
    const contentType = fs.existsSync(typeFile) ? fs.readFileSync(typeFile, "utf8") : "application/octet-stream";
    await store.put(key, fs.readFileSync(file), contentType);
    uploaded++;
  }
  return uploaded;
}

function folderStats(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(dir)) return { files, bytes };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/** A client for maintenance work: no statement or query timeout (a big table takes as long as it takes). */
async function maintenanceClient(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl, statement_timeout: 0 });
  await client.connect();
  return client;
}

/** Writes the database's rows (one snapshot) into `dir`; returns the manifest's database part. */
async function dumpDatabase(
  databaseUrl: string,
  dir: string,
): Promise<Pick<BackupManifest, "schema" | "postgres" | "tables" | "sequences">> {
  const client = await maintenanceClient(databaseUrl);
  try {
    // One snapshot for every table: rows written while the backup runs are either all in it or all out.
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const version = await schemaVersion(client);
    if (version.applied === 0) throw new BackupError("This database has no Shepherd schema yet: there is nothing to back up.");
    const server = await client.query<{ version: string; num: string }>(
      "select current_setting('server_version') as version, current_setting('server_version_num') as num",
    );
    const tableRows = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
    );
    const tables: BackupManifest["tables"] = [];
    for (const [index, { name }] of tableRows.rows.filter((t) => !SHIPPED_TABLES.has(t.name)).entries()) {
      // Generated columns are computed again on the way in (COPY leaves them out by default too).
      const columns = await client.query<{ name: string }>(
        `select attname as name from pg_attribute
         where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [`public.${quoteIdent(name)}`],
      );
      const columnNames = columns.rows.map((c) => c.name);
      const file = `database/${String(index).padStart(3, "0")}-${name}.copy`;
      const counter = lineCounter();
      await pipeline(
        client.query(copyTo(`COPY public.${quoteIdent(name)} (${columnNames.map(quoteIdent).join(", ")}) TO STDOUT`)),
        counter,
        fs.createWriteStream(path.join(dir, file), { mode: 0o600 }),
      );
      tables.push({ name, file, columns: columnNames, rows: counter.lines });
    }
    const sequenceRows = await client.query<{ name: string; last_value: string | null }>(
      "select sequencename as name, last_value::text from pg_sequences where schemaname = 'public' order by sequencename",
    );
    await client.query("COMMIT");
    return {
      schema: { migrations: version.applied, tag: tagAt(version.applied) },
      postgres: { version: server.rows[0]!.version, major: Math.floor(Number(server.rows[0]!.num) / 10_000) },
      tables,
      sequences: sequenceRows.rows.map((s) => ({ name: s.name, lastValue: s.last_value })),
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Writes a backup archive to `file` (atomically: a partial archive never has the final name). Safe while the server
 * runs: the rows come from one snapshot, and the files are read after it, so every file a row names is there (unless
 * deleted in the meantime, as a removed post's picture is).
 */
export async function writeBackup(
  source: BackupSource,
  file: string,
  log: Logger,
): Promise<{ manifest: BackupManifest; bytes: number }> {
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-backup-"));
  const partial = `${target}.partial-${process.pid}`;
  try {
    fs.mkdirSync(path.join(staging, "database"));
    fs.mkdirSync(path.join(staging, "secrets"));
    const database = await dumpDatabase(source.databaseUrl, staging);

    let storage: BackupManifest["storage"];
    if (source.bucket) {
      // The bucket's objects, laid out as the folder keeps files (a KEY and its KEY.type), so either store restores them.
      fs.mkdirSync(path.join(staging, "files"));
      const copied = source.bucket.withObjects ? await downloadObjects(source.bucket.store, path.join(staging, "files")) : null;
      storage = { kind: "s3", bucket: source.bucket.name, included: Boolean(copied), ...(copied ?? { files: 0, bytes: 0 }) };
    } else {
      // The stored files go in as they are: the archive reads them through a link, no copy on disk.
      const storageDir = path.join(source.dataDir, "storage");
      storage = { kind: "local", ...folderStats(storageDir) };
      if (fs.existsSync(storageDir)) fs.symlinkSync(storageDir, path.join(staging, "files"));
      else fs.mkdirSync(path.join(staging, "files"));
    }

    const fromEnvironment = {
      "auth-secret": source.secretsFromEnvironment.authSecret,
      "vapid.json": source.secretsFromEnvironment.vapid,
    };
    const secrets = SECRET_FILES.map((name) => {
      if (fromEnvironment[name])
        return { file: name, included: false, note: "set in the environment: keep it with your configuration" };
      const from = path.join(source.dataDir, name);
      if (!fs.existsSync(from)) return { file: name, included: false, note: "not generated yet" };
      fs.copyFileSync(from, path.join(staging, "secrets", name));
      return { file: name, included: true, note: null };
    });

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: releaseVersion(),
      createdAt: new Date().toISOString(),
      ...database,
      database: {
        kind: source.cluster ? "embedded" : "external",
        cluster: source.cluster?.path ?? null,
        clusterNote: source.cluster?.note ?? null,
      },
      storage,
      secrets,
    };
    fs.writeFileSync(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    // Created 0600 before anything is written into it.
    fs.writeFileSync(partial, "", { mode: 0o600 });
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true, follow: true }, [
      "manifest.json",
      "database",
      "secrets",
      "files",
    ]);
    fs.renameSync(partial, target);
    const bytes = fs.statSync(target).size;
    log.info(
      { file: target, bytes, tables: manifest.tables.length, files: storage.files, schema: manifest.schema.tag },
      "backup written",
    );
    return { manifest, bytes };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

/** Unpacks an archive into a new temporary folder and reads its manifest (the caller removes the folder). */
async function unpack(file: string): Promise<{ dir: string; manifest: BackupManifest }> {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shepherd-restore-"));
  try {
    // tar strips absolute paths and ".." from entries: nothing lands outside `dir`.
    await tar.extract({ file, cwd: dir, strict: true });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new BackupError(
      `${file} is not a Shepherd backup archive (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const manifestFile = path.join(dir, "manifest.json");
  const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, "utf8")) as BackupManifest) : null;
  if (manifest?.format !== BACKUP_FORMAT) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new BackupError(`${file} is not a Shepherd backup archive (it has no Shepherd manifest).`);
  }
  return { dir, manifest };
}

/** Refuses an archive this code cannot load: a newer format, or a schema with migrations this code does not have. */
export function assertRestorable(manifest: BackupManifest, entries = journal()): void {
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new SchemaVersionError(
      `This backup was written by a newer Shepherd (${manifest.appVersion}, archive format ${manifest.formatVersion}). ` +
        `Restore it with that release or a later one.`,
    );
  }
  const known = entries.length;
  const theirs = manifest.schema.migrations;
  const sameHistory = theirs <= known && (theirs === 0 || entries[theirs - 1]?.tag === manifest.schema.tag);
  if (!sameHistory) {
    throw new SchemaVersionError(
      `This backup's schema is newer than this version of Shepherd: it is at ${manifest.schema.tag} (migration ${theirs}), ` +
        `and this code knows up to ${entries.at(-1)?.tag} (migration ${known}). Restore it with Shepherd ${manifest.appVersion} or later.`,
    );
  }
}

/** Why a target is not empty, or null when a restore may write into it. */
async function databaseNotEmpty(client: pg.Client): Promise<string | null> {
  const { rows } = await client.query<{ tables: string; migrated: boolean }>(
    `select (select count(*) from pg_tables where schemaname = 'public') as tables,
       to_regclass('drizzle.__drizzle_migrations') is not null as migrated`,
  );
  const tables = Number(rows[0]!.tables);
  if (tables > 0 || rows[0]!.migrated) return `the database already has ${tables} tables`;
  return null;
}

function folderHasFiles(dir: string): boolean {
  return fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
}

export interface RestoreTarget {
  databaseUrl: string;
  dataDir: string;
  /** S3_BUCKET: the archive's files go there instead of DATA_DIR/storage. */
  bucket?: StorageProvider;
}

/** Checks, before anything is written, that the archive can be restored here (also run by the CLI before it starts a database). */
export function assertEmptyDataDir(dataDir: string, manifest?: BackupManifest): void {
  const storage = path.join(dataDir, "storage");
  if (folderHasFiles(storage)) {
    throw new BackupError(`${storage} already holds files. Restore into an empty DATA_DIR: a restore never overwrites data.`);
  }
  for (const secret of manifest?.secrets.filter((s) => s.included) ?? []) {
    const existing = path.join(dataDir, secret.file);
    if (fs.existsSync(existing)) {
      throw new BackupError(`${existing} already exists. Restore into an empty DATA_DIR: a restore never overwrites data.`);
    }
  }
}

/** Reads an archive's manifest (for the CLI's checks and messages), validating that this code can restore it. */
/** An archive unpacked into a temporary folder, checked as restorable; `dispose` removes the folder. */
export interface UnpackedBackup {
  manifest: BackupManifest;
  dir: string;
  dispose(): void;
}

export async function readBackup(file: string): Promise<UnpackedBackup> {
  const { dir, manifest } = await unpack(file);
  try {
    assertRestorable(manifest);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { manifest, dir, dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Loads the rows in one transaction: constraints between tables and our triggers are set aside while they go in. */
async function loadRows(client: pg.Client, dir: string, manifest: BackupManifest): Promise<void> {
  await client.query("BEGIN");
  try {
    // Foreign keys are dropped and added back (which checks every row), so the tables can go in any order; the
    // triggers (streak runs, cache notices) are off, since the rows they would derive are in the archive too. Both
    // work for the tables' owner, who need not be a superuser (a managed PostgreSQL).
    const keys = await client.query<{ tbl: string; name: string; def: string }>(
      `select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
       from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
    );
    for (const key of keys.rows) await client.query(`ALTER TABLE ${key.tbl} DROP CONSTRAINT ${quoteIdent(key.name)}`);
    for (const table of manifest.tables) {
      const name = `public.${quoteIdent(table.name)}`;
      await client.query(`ALTER TABLE ${name} DISABLE TRIGGER USER`);
      const copy = client.query(copyFrom(`COPY ${name} (${table.columns.map(quoteIdent).join(", ")}) FROM STDIN`));
      await pipeline(fs.createReadStream(path.join(dir, table.file)), copy);
      if (copy.rowCount !== table.rows) {
        throw new BackupError(
          `${table.name}: the archive lists ${table.rows} rows but ${copy.rowCount} were read; the archive is damaged.`,
        );
      }
      await client.query(`ALTER TABLE ${name} ENABLE TRIGGER USER`);
    }
    for (const key of keys.rows) await client.query(`ALTER TABLE ${key.tbl} ADD CONSTRAINT ${quoteIdent(key.name)} ${key.def}`);
    for (const sequence of manifest.sequences) {
      if (sequence.lastValue === null) continue;
      await client.query("select setval($1::regclass, $2::bigint, true)", [
        `public.${quoteIdent(sequence.name)}`,
        sequence.lastValue,
      ]);
    }
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/** Back to an empty database after a restore that failed half-way (the schema it made goes, nothing else was there). */
async function emptyAgain(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public'");
  for (const { name } of rows) await client.query(`DROP TABLE IF EXISTS public.${quoteIdent(name)} CASCADE`);
  await client.query("DROP SCHEMA IF EXISTS drizzle CASCADE");
}

/**
 * Restores an archive into an empty database and an empty DATA_DIR: schema to the archive's migration, the rows, the
 * migrations written since, then the files and the secrets. Refuses (before writing anything) a target that holds data,
 * or an archive from a newer schema.
 */
export async function restoreBackup(
  archive: string | UnpackedBackup,
  target: RestoreTarget,
  log: Logger,
): Promise<BackupManifest> {
  // The CLI reads the archive first, for its checks; unpacking it once spares a big store's files a second copy.
  const backup = typeof archive === "string" ? await readBackup(archive) : archive;
  try {
    const { manifest, dir } = backup;
    assertEmptyDataDir(target.dataDir, manifest);
    if (target.bucket && manifest.storage.files > 0) {
      for (const area of STORAGE_AREAS) {
        if ((await target.bucket.list(area)).length > 0)
          throw new BackupError(
            `The bucket already holds ${area} files. Restore into an empty bucket: a restore never overwrites data.`,
          );
      }
    }
    const client = await maintenanceClient(target.databaseUrl);
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 2 });
    try {
      const notEmpty = await databaseNotEmpty(client);
      if (notEmpty)
        throw new BackupError(`Not restoring: ${notEmpty}. Restore into an empty database: a restore never overwrites data.`);
      try {
        await withMigrationLock(pool, async () => {
          await applyMigrations(pool, { upTo: manifest.schema.migrations });
          await loadRows(client, dir, manifest);
          await applyMigrations(pool);
        });
      } catch (error) {
        await emptyAgain(client).catch(() => undefined);
        throw error;
      }
    } finally {
      await client.end().catch(() => undefined);
      await pool.end().catch(() => undefined);
    }

    fs.mkdirSync(target.dataDir, { recursive: true });
    if (target.bucket) await uploadObjects(target.bucket, path.join(dir, "files"));
    else fs.cpSync(path.join(dir, "files"), path.join(target.dataDir, "storage"), { recursive: true });
    for (const secret of manifest.secrets.filter((s) => s.included)) {
      fs.copyFileSync(path.join(dir, "secrets", secret.file), path.join(target.dataDir, secret.file));
      fs.chmodSync(path.join(target.dataDir, secret.file), 0o600);
    }
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    log.info({ rows, files: manifest.storage.files, schema: manifest.schema.tag }, "backup restored");
    return manifest;
  } finally {
    backup.dispose();
  }
}
