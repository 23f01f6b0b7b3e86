import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { isIP, type BlockList } from "node:net";
import type { TrustProxy } from "../trust-proxy";

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
