import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { BlockList, isIP } from "node:net";

/**
 * TRUST_PROXY, parsed (config.ts): who may say where a request came from.
 * - `off`: nobody; the client is the socket's peer and `X-Forwarded-For` is ignored.
 * - `hops`: this many proxies stand in front of the server (`true` is one), each appending the address it was reached
 *   from to `X-Forwarded-For`.
 * - `addresses`: the proxies are the addresses and ranges listed (`proxies`, as the operator wrote them), however many
 *   of them a request passed through.
 */
export type TrustProxy =
  { mode: "off" } | { mode: "hops"; hops: number } | { mode: "addresses"; proxies: string[]; ranges: BlockList };

/** `10.0.0.0/8`, `fd00::/8` or a single address; null when `entry` is neither. */
function parseRange(entry: string): { address: string; prefix: number | undefined; family: "ipv4" | "ipv6" } | null {
  const [address = "", prefixText, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return null;
  const family = version === 4 ? "ipv4" : "ipv6";
  if (prefixText === undefined) return { address, prefix: undefined, family };
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix <= (version === 4 ? 32 : 128))) return null;
  return { address, prefix, family };
}

/** The proxies' addresses and ranges as one BlockList, or the first entry that is neither an address nor a range. */
export function trustedProxyRanges(entries: string[]): { ranges: BlockList } | { invalid: string } {
  const ranges = new BlockList();
  for (const entry of entries) {
    const range = parseRange(entry);
    if (!range) return { invalid: entry };
    if (range.prefix === undefined) ranges.addAddress(range.address, range.family);
    else ranges.addSubnet(range.address, range.prefix, range.family);
  }
  return { ranges };
}

/** `::ffff:192.0.2.1` (an IPv4 client on a dual-stack socket) is 192.0.2.1, as Better Auth counts it too. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

function isTrustedProxy(address: string, ranges: BlockList): boolean {
  const version = isIP(address);
  return version !== 0 && ranges.check(address, version === 4 ? "ipv4" : "ipv6");
}

/**
 * The client's address from the hops a request came through: `X-Forwarded-For`'s entries, then the socket's peer.
 * Walking from the right (the hop nearest the server), trusted proxies are passed over (the first `hops` hops, or every
 * address in the trusted ranges); the first hop not passed over is the client. Entries left of it were written by the
 * client or by proxies nobody vouches for, so a made-up leftmost entry changes nothing. When every hop is passed over,
 * the leftmost one is the client.
 */
export function clientAddress(forwardedFor: string | undefined, socketAddress: string, trust: TrustProxy): string {
  const socket = plainAddress(socketAddress);
  if (trust.mode === "off") return socket;
  const forwarded = (forwardedFor ?? "")
    .split(",")
    .map((entry) => plainAddress(entry.trim()))
    .filter(Boolean);
  const hops = [...forwarded, socket];
  for (let i = hops.length - 1, passed = 0; i > 0; i--, passed++) {
    const trusted = trust.mode === "hops" ? passed < trust.hops : isTrustedProxy(hops[i]!, trust.ranges);
    if (!trusted) return hops[i]!;
  }
  return hops[0]!;
}

/** The client's address for this request (see clientAddress): what rate limits and sessions record. */
export function clientIp(c: Context, trust: TrustProxy): string {
  let socket: string;
  try {
    socket = getConnInfo(c as never).remote.address ?? "unknown";
  } catch {
    socket = "unknown"; // app.request() in tests has no socket
  }
  return clientAddress(c.req.header("x-forwarded-for"), socket, trust);
}
