import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request the fake received. Stripe's SDK sends form-encoded bodies (`line_items[0][price]=...`). */
export interface FakeStripeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}

export interface FakeSubscriptionInput {
  id: string;
  customer: string;
  priceId: string;
  status: string;
  /** Seconds since the epoch, as Stripe sends them. */
  currentPeriodEnd: number;
  trialEnd?: number | null;
  userId?: string;
  planType?: string;
  cancelAtPeriodEnd?: boolean;
}

/** A subscription object shaped as Stripe's API (2025-03 and later: the period end lives on the item). */
export function stripeSubscription(input: FakeSubscriptionInput) {
  const metadata: Record<string, string> = {};
  if (input.userId) metadata.user_id = input.userId;
  if (input.planType) metadata.plan_type = input.planType;
  return {
    id: input.id,
    object: "subscription",
    customer: input.customer,
    status: input.status,
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    trial_end: input.trialEnd ?? null,
    metadata,
    livemode: false,
    items: {
      object: "list",
      data: [
        {
          id: `si_${input.id}`,
          object: "subscription_item",
          current_period_end: input.currentPeriodEnd,
          current_period_start: input.currentPeriodEnd - 30 * 24 * 60 * 60,
          price: { id: input.priceId, object: "price" },
          quantity: 1,
        },
      ],
      has_more: false,
    },
  };
}

export interface FakeStripe {
  /** Give this as STRIPE_API_URL. */
  url: string;
  requests: FakeStripeRequest[];
  /** What GET /v1/subscriptions/:id answers; an id not here answers 404 resource_missing. */
  subscriptions: Map<string, ReturnType<typeof stripeSubscription>>;
  setSubscription(input: FakeSubscriptionInput): void;
  /** The requests to one method and path, oldest first. */
  requestsTo(method: string, path: string): FakeStripeRequest[];
  close(): Promise<void>;
}

function stripeError(res: http.ServerResponse, status: number, message: string, code?: string) {
  res.writeHead(status, { "content-type": "application/json", "request-id": "req_fake" });
  res.end(JSON.stringify({ error: { type: "invalid_request_error", message, ...(code ? { code } : {}) } }));
}

/** A stand-in for api.stripe.com on loopback: records what it is sent, answers the few calls the app makes. */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const subscriptions: FakeStripe["subscriptions"] = new Map();
  let sessions = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake.stripe");
      const method = req.method ?? "GET";
      const form = new URLSearchParams(method === "GET" ? url.search : Buffer.concat(chunks).toString("utf8"));
      requests.push({ method, path: url.pathname, headers: req.headers, form });
      const send = (body: unknown) => {
        res.writeHead(200, { "content-type": "application/json", "request-id": `req_fake_${requests.length}` });
        res.end(JSON.stringify(body));
      };

      if (method === "POST" && url.pathname === "/v1/checkout/sessions") {
        sessions += 1;
        const id = `cs_test_${sessions}`;
        return send({
          id,
          object: "checkout.session",
          mode: form.get("mode"),
          url: `https://checkout.stripe.test/c/${id}`,
        });
      }
      if (method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
        sessions += 1;
        return send({
          id: `bps_test_${sessions}`,
          object: "billing_portal.session",
          customer: form.get("customer"),
          return_url: form.get("return_url"),
          url: `https://billing.stripe.test/p/session_${sessions}`,
        });
      }
      const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (method === "GET" && subscription) {
        const found = subscriptions.get(decodeURIComponent(subscription[1]!));
        if (!found) return stripeError(res, 404, `No such subscription: '${subscription[1]}'`, "resource_missing");
        return send(found);
      }
      if (method === "DELETE" && subscription) {
        const found = subscriptions.get(decodeURIComponent(subscription[1]!));
        if (!found) return stripeError(res, 404, `No such subscription: '${subscription[1]}'`, "resource_missing");
        return send({ ...found, status: "canceled" });
      }
      return stripeError(res, 404, `Unrecognized request URL (${method}: ${url.pathname}).`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    setSubscription(input) {
      subscriptions.set(input.id, stripeSubscription(input));
    },
    requestsTo(method, path) {
      return requests.filter((r) => r.method === method && r.path === path);
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
