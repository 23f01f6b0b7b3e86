import type { TOTP } from "otpauth";

/** A six-digit code the server must refuse: not the code of the previous, current or next period. */
export function wrongCode(totp: TOTP): string {
  const now = Date.now();
  const accepted = new Set([-1, 0, 1].map((step) => totp.generate({ timestamp: now + step * totp.period * 1000 })));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(totp.digits, "0");
    if (!accepted.has(code)) return code;
  }
}
