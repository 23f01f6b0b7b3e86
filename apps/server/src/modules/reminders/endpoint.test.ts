import { describe, expect, test } from "vitest";
import { allowedEndpoint } from "./service";

describe("which push endpoints a browser may give", () => {
  test("in production: a push service's public https name only", () => {
    for (const ok of [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/QG9abc",
      "https://wns2-par02p.notify.windows.com/w/?token=abc",
    ]) {
      expect(allowedEndpoint(ok, true), ok).toBe(true);
    }
    for (const refused of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://127.0.0.1/push",
      "https://10.0.0.5/push",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/push",
      "https://localhost/push",
      "https://metadata/computeMetadata",
      "https://db.internal/push",
      "https://printer.local/push",
      "https://fcm.googleapis.com:8443/fcm/send/abc",
      "https://user:pw@fcm.googleapis.com/fcm/send/abc",
      "not a url",
    ]) {
      expect(allowedEndpoint(refused, true), refused).toBe(false);
    }
  });

  test("elsewhere (tests, development): https, or plain http on loopback", () => {
    expect(allowedEndpoint("http://127.0.0.1:4321/push/1", false)).toBe(true);
    expect(allowedEndpoint("https://fcm.googleapis.com/fcm/send/abc", false)).toBe(true);
    expect(allowedEndpoint("http://10.0.0.5/push", false)).toBe(false);
  });
});
