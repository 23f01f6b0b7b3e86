import fs from "node:fs";
import path from "node:path";
import webpush from "web-push";
import type { Config } from "../../config";
import type { Logger } from "../../logger";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who the push services may contact about our pushes: a mailto: or https: address. */
  subject: string;
}

/**
 * The server's VAPID key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, otherwise generated once into
 * DATA_DIR/vapid.json (mode 0600) and reused, so browsers' subscriptions stay valid across restarts. Every process of
 * one server reads the same file (the first one to start writes it).
 */
export function vapidKeys(config: Config, log: Logger): VapidKeys {
  const subject =
    config.vapid.subject ??
    (config.operator.email ? `mailto:${config.operator.email}` : undefined) ??
    (config.publicUrl?.startsWith("https://") ? config.publicUrl : "mailto:no-reply@shepherd.local");
  if (config.vapid.publicKey && config.vapid.privateKey) {
    return { publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey, subject };
  }
  const file = path.join(config.dataDir, "vapid.json");
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, "utf8")) as { publicKey?: string; privateKey?: string };
    if (stored.publicKey && stored.privateKey) return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    // "wx": a process that started at the same moment and wrote first wins; this one reads what it wrote.
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: "wx" });
    log.info({ file }, "generated VAPID keys for Web Push (set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to manage them yourself)");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const stored = JSON.parse(fs.readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  return { ...keys, subject };
}
