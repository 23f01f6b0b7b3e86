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
