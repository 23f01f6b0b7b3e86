import http from "node:http";

export interface SetCookie {
  name: string;
  value: string;
  /** Attribute names in lower case; flags such as HttpOnly have the value true. */
  attributes: Record<string, string | true>;
}

export function parseSetCookie(header: string): SetCookie {
  const [pair = "", ...parts] = header.split(";");
  const eq = pair.indexOf("=");
  const attributes: Record<string, string | true> = {};
  for (const part of parts) {
    const [key = "", ...rest] = part.trim().split("=");
    if (key) attributes[key.toLowerCase()] = rest.length ? rest.join("=") : true;
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}

function isExpired(cookie: SetCookie): boolean {
  const maxAge = cookie.attributes["max-age"];
  if (typeof maxAge === "string" && Number(maxAge) <= 0) return true;
  const expires = cookie.attributes["expires"];
  if (typeof expires === "string" && Date.parse(expires) <= Date.now()) return true;
  return cookie.value === "";
}

/** Error bodies of our API (and Better Auth's own `{message, code}`). */
// Tests read many differently shaped bodies; a loose type keeps them readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  setCookies: SetCookie[];
  json(): Json;
}

export interface RequestOptions {
  /** Sent as JSON with Content-Type application/json. */
  json?: unknown;
  /** A raw body; give its Content-Type in headers. */
  body?: string | Buffer | Uint8Array;
  headers?: Record<string, string>;
  /** Overrides the client's Origin for one request; null sends none. */
  origin?: string | null;
  /** Do not send the cookie jar. */
  withoutCookies?: boolean;
}

export interface ClientOptions {
  /** The local address the client connects from (e.g. 127.0.0.2 to be a second client on loopback). */
  localAddress?: string;
  /** The Origin header sent with every request; defaults to the base URL, as a browser on the app would. */
  origin?: string | null;
}

/**
 * A tiny HTTP client that behaves like the browser on our site: it keeps cookies, sends Origin,
 * and connects over a real socket (so the server sees a real client address).
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly baseUrl: string;
  readonly localAddress: string | undefined;
  private readonly origin: string | null;

  constructor(baseUrl: string, options: ClientOptions = {}) {
    this.baseUrl = baseUrl.replace(/\/$/, "");
    this.localAddress = options.localAddress;
    this.origin = options.origin === undefined ? this.baseUrl : options.origin;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  request(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    const url = new URL(path, this.baseUrl);
    const headers: Record<string, string> = { accept: "application/json", ...options.headers };
    let body: Buffer | undefined;
    if (options.json !== undefined) {
      body = Buffer.from(JSON.stringify(options.json));
      headers["content-type"] ??= "application/json";
    } else if (options.body !== undefined) {
      body = Buffer.from(options.body);
    }
    // A caller may ask for a chunked body (no Content-Length) by passing Transfer-Encoding itself.
    if (body && !headers["transfer-encoding"]) headers["content-length"] = String(body.length);
    const origin = options.origin === undefined ? this.origin : options.origin;
    if (origin) headers["origin"] = origin;
    const cookie = this.cookieHeader();
    if (cookie && !options.withoutCookies) headers["cookie"] = cookie;

    return new Promise<HttpResponse>((resolve, reject) => {
      const req = http.request(url, { method, headers, agent: false, localAddress: this.localAddress }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const setCookies = (res.headers["set-cookie"] ?? []).map(parseSetCookie);
          for (const c of setCookies) {
            if (isExpired(c)) this.cookies.delete(c.name);
            else this.cookies.set(c.name, c.value);
          }
          const buffer = Buffer.concat(chunks);
          const text = buffer.toString("utf8");
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: buffer,
            text,
            setCookies,
            json() {
              try {
                return JSON.parse(text) as Json;
              } catch {
                throw new Error(`Expected JSON from ${method} ${path} (status ${res.statusCode}), got: ${text.slice(0, 300)}`);
              }
            },
          });
        });
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  get(path: string, options?: RequestOptions) {
    return this.request("GET", path, options);
  }
  post(path: string, json?: unknown, options?: RequestOptions) {
    return this.request("POST", path, { ...options, json });
  }
  put(path: string, json?: unknown, options?: RequestOptions) {
    return this.request("PUT", path, { ...options, json });
  }
  patch(path: string, json?: unknown, options?: RequestOptions) {
    return this.request("PATCH", path, { ...options, json });
  }
  delete(path: string, json?: unknown, options?: RequestOptions) {
    return this.request("DELETE", path, { ...options, json });
  }
}
