import { randomBytes } from "node:crypto";
import type { Database } from "../../db/client";
import { schema } from "../../db/client";
import type { BillingProvider } from "./billing";

/** The local test checkout: our own page, clearly labelled, where no money is taken. */
export function createLocalBilling(db: Database): BillingProvider {
  return {
    name: "local",
    async createCheckout(request) {
      const id = `cs_local_${randomBytes(12).toString("hex")}`;
      await db
        .insert(schema.checkoutSessions)
        .values({ id, userId: request.userId, planType: request.planType, provider: "local" });
      return { url: `/api/billing/test-checkout/${id}` };
    },
    async createPortal() {
      return null;
    },
    async cancelNow() {
      // Nothing is charged by the local provider; the row goes with the account.
    },
  };
}
