import { TokenVerifier } from "livekit-server-sdk";
import { describe, expect, test } from "vitest";
import { ConfigError, loadConfig } from "../../config";
import { LIVEKIT_TOKEN_TTL_SECONDS, mintLivekitToken } from "./livekit";

describe("gathering media configuration", () => {
  test("ICE_SERVERS: none by default; a JSON array of STUN and TURN servers; anything else is refused with an example", () => {
    expect(loadConfig({}).iceServers).toEqual([]);
    const servers = [
      { urls: "stun:turn.example.com:3478" },
      {
        urls: ["turn:turn.example.com:3478?transport=udp", "turns:turn.example.com:5349"],
        username: "shepherd",
        credential: "s3cret",
      },
    ];
    expect(loadConfig({ ICE_SERVERS: JSON.stringify(servers) }).iceServers).toEqual(servers);
    for (const bad of ["stun:example.com", "{}", '[{"url":"stun:x"}]', '[{"urls":[]}]']) {
      expect(() => loadConfig({ ICE_SERVERS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ ICE_SERVERS: bad })).toThrow(/ICE_SERVERS: must be a JSON array such as/);
    }
  });

  test("LiveKit: all three of its variables or none", () => {
    expect(loadConfig({}).livekit).toBeUndefined();
    const all = { LIVEKIT_URL: "wss://livekit.example.com", LIVEKIT_API_KEY: "APIkey", LIVEKIT_API_SECRET: "secret-".repeat(6) };
    expect(loadConfig(all).livekit).toEqual({ url: all.LIVEKIT_URL, apiKey: "APIkey", apiSecret: all.LIVEKIT_API_SECRET });
    for (const missing of Object.keys(all)) {
      const some = { ...all, [missing]: undefined };
      expect(() => loadConfig(some)).toThrow(/LiveKit needs all three of LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET/);
    }
    expect(() => loadConfig({ ...all, LIVEKIT_URL: "not a url" })).toThrow(/LIVEKIT_URL must be a URL/);
  });
});

describe("LiveKit tokens", () => {
  const apiKey = "APIshepherd";
  const apiSecret = "a-secret-long-enough-for-hs256-signing-0123456789";

  test("name the member (identity and name), the room, and what he may do; the host is the room's admin", async () => {
    const issued = Math.floor(Date.now() / 1000);
    const token = await mintLivekitToken({
      apiKey,
      apiSecret,
      room: "abcdefghijkl",
      identity: "user-1",
      name: "Andrew",
      host: false,
    });
    const claims = await new TokenVerifier(apiKey, apiSecret).verify(token);
    expect(claims.sub).toBe("user-1");
    expect(claims.name).toBe("Andrew");
    expect(claims.iss).toBe(apiKey);
    expect(claims.video).toMatchObject({
      room: "abcdefghijkl",
      roomJoin: true,
      canPublish: true,
      canSubscribe: true,
      roomAdmin: false,
    });
    expect(claims.exp! - issued).toBeGreaterThanOrEqual(LIVEKIT_TOKEN_TTL_SECONDS - 5);
    expect(claims.exp! - issued).toBeLessThanOrEqual(LIVEKIT_TOKEN_TTL_SECONDS + 5);

    const host = await mintLivekitToken({
      apiKey,
      apiSecret,
      room: "abcdefghijkl",
      identity: "user-2",
      name: "Hosea",
      host: true,
    });
    expect((await new TokenVerifier(apiKey, apiSecret).verify(host)).video?.roomAdmin).toBe(true);
    // Signed with our secret: another key's verifier refuses it.
    await expect(new TokenVerifier(apiKey, "another-secret-entirely-0123456789abcdef").verify(token)).rejects.toThrow();
  });
});
