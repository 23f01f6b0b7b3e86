import { describe, expect, test } from "vitest";
import { loadConfig } from "../config";
import { clientAddress } from "./client-ip";

const trust = (TRUST_PROXY: string) => loadConfig({ TRUST_PROXY }).trustProxy;

describe("clientAddress", () => {
  test("without TRUST_PROXY the socket's peer is the client, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.7", trust("false"))).toBe("198.51.100.7");
    expect(clientAddress(undefined, "198.51.100.7", loadConfig({}).trustProxy)).toBe("198.51.100.7");
  });

  test("an IPv4 peer on a dual-stack socket is its IPv4 address", () => {
    expect(clientAddress(undefined, "::ffff:127.0.0.1", trust("false"))).toBe("127.0.0.1");
    expect(clientAddress("::ffff:203.0.113.9", "10.0.0.2", trust("true"))).toBe("203.0.113.9");
  });

  test("with one proxy (true or 1) the entry it appended is the client; made-up entries to its left change nothing", () => {
    for (const value of ["true", "1"]) {
      expect(clientAddress("203.0.113.9", "10.0.0.2", trust(value))).toBe("203.0.113.9");
      expect(clientAddress("1.2.3.4, 203.0.113.9", "10.0.0.2", trust(value))).toBe("203.0.113.9");
      expect(clientAddress("6.6.6.6,1.2.3.4 ,  203.0.113.9", "10.0.0.2", trust(value))).toBe("203.0.113.9");
    }
  });

  test("with N proxies the Nth hop from the right is the client", () => {
    const twoProxies = trust("2");
    // The client wrote 1.2.3.4; the outer proxy appended the client's real address, the inner one the outer's.
    expect(clientAddress("1.2.3.4, 203.0.113.9, 10.0.0.1", "10.0.0.2", twoProxies)).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.9, 10.0.0.1", "10.0.0.2", twoProxies)).toBe("203.0.113.9");
    expect(clientAddress("1.2.3.4, 203.0.113.9, 10.0.0.1", "10.0.0.2", trust("3"))).toBe("1.2.3.4");
  });

  test("when there are fewer hops than trusted proxies, the leftmost is the client", () => {
    expect(clientAddress("203.0.113.9", "10.0.0.2", trust("5"))).toBe("203.0.113.9");
    expect(clientAddress(undefined, "10.0.0.2", trust("true"))).toBe("10.0.0.2");
    expect(clientAddress("", "10.0.0.2", trust("2"))).toBe("10.0.0.2");
  });

  test("with the proxies' addresses, every listed hop is passed over and the first other one is the client", () => {
    const listed = trust("10.0.0.0/8, fd00::/8, 192.0.2.10");
    expect(clientAddress("1.2.3.4, 203.0.113.9", "10.0.0.2", listed)).toBe("203.0.113.9");
    expect(clientAddress("1.2.3.4, 203.0.113.9, 10.9.9.9, 192.0.2.10", "fd12::1", listed)).toBe("203.0.113.9");
    expect(clientAddress("1.2.3.4, 2001:db8::5, fd00::7", "::ffff:10.0.0.2", listed)).toBe("2001:db8::5");
    // 192.0.2.11 is not 192.0.2.10: the hop it sent is not believed.
    expect(clientAddress("1.2.3.4", "192.0.2.11", listed)).toBe("192.0.2.11");
  });

  test("a request that does not come from a listed proxy is the socket's peer's, whatever it claims", () => {
    const listed = trust("10.0.0.0/8");
    expect(clientAddress("10.0.0.5", "203.0.113.9", listed)).toBe("203.0.113.9");
  });

  test("when every hop is a listed proxy, the leftmost is the client", () => {
    expect(clientAddress("10.1.1.1, 10.2.2.2", "10.0.0.2", trust("10.0.0.0/8"))).toBe("10.1.1.1");
  });

  test("an entry that is not an address is never a trusted proxy", () => {
    expect(clientAddress("1.2.3.4, not-an-address", "10.0.0.2", trust("10.0.0.0/8"))).toBe("not-an-address");
  });
});
