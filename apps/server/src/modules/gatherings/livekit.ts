import { AccessToken } from "livekit-server-sdk";

/** A LiveKit join token lives this long: enough to enter; LiveKit keeps a joined participant connected past it. */
export const LIVEKIT_TOKEN_TTL_SECONDS = 10 * 60;

/**
 * A LiveKit access token for one member and one room, minted with LiveKit's server SDK: his user id as the identity,
 * his name, the room (the gathering's room name), publish and subscribe; the host is the room's admin (he may mute
 * and remove).
 */
export async function mintLivekitToken(options: {
  apiKey: string;
  apiSecret: string;
  room: string;
  identity: string;
  name: string;
  host: boolean;
}): Promise<string> {
  const token = new AccessToken(options.apiKey, options.apiSecret, {
    identity: options.identity,
    name: options.name,
    ttl: LIVEKIT_TOKEN_TTL_SECONDS,
  });
  token.addGrant({
    room: options.room,
    roomJoin: true,
    canPublish: true,
    canSubscribe: true,
    canPublishData: true,
    roomAdmin: options.host,
  });
  return token.toJwt();
}
