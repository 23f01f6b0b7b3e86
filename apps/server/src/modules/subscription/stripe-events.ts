import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "../../db/client";
import { schema } from "../../db/client";
import type { Logger } from "../../logger";
import type { MailProvider } from "../../providers/mail/mail";
import { trialEndingMail } from "../../providers/mail/templates";
import type { ProviderSubscription, StripeBilling } from "../../providers/billing/stripe";
import { findSubscriptionByProviderId, recordCancellation, saveSubscription, updateSubscriptionStatus } from "./service";

/**
 * Keeps `subscriptions` in step with Stripe. Each event is handled once (billing_events), so Stripe's
 * redeliveries change nothing. Handled: checkout.session.completed, customer.subscription.created / updated /
 * deleted / trial_will_end, invoice.payment_failed. Other events are acknowledged and ignored.
 */
export async function handleStripeEvent(options: {
  db: Database;
  billing: StripeBilling;
  mail: MailProvider;
  log: Logger;
  event: Stripe.Event;
}): Promise<"handled" | "duplicate" | "ignored"> {
  const { db, billing, event, log } = options;
  const [fresh] = await db
    .insert(schema.billingEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning();
  if (!fresh) return "duplicate";

  const save = async (subscription: ProviderSubscription, fallbackUserId: string | null) => {
    const existing = await findSubscriptionByProviderId(db, subscription.id);
    const userId = existing?.userId ?? subscription.userId ?? fallbackUserId;
    if (!userId) {
      log.warn({ subscription: subscription.id, event: event.id }, "Stripe subscription names no Shepherd user; ignored");
      return;
    }
    const [user] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, userId));
    if (!user) {
      log.warn({ userId, event: event.id }, "Stripe subscription for an account that no longer exists; ignored");
      return;
    }
    // Cancelled in Stripe's portal (at period end, or at once): one cancellation, with the reason he gave there.
    const cancelled = subscription.cancelAtPeriodEnd || subscription.status === "canceled";
    const wasCancelled = Boolean(existing && (existing.cancelAtPeriodEnd || existing.status === "canceled"));
    if (existing && cancelled && !wasCancelled) {
      await recordCancellation(db, {
        userId,
        planType: subscription.planType ?? existing.planType,
        provider: "stripe",
        reason: subscription.cancellationReason,
      });
    }
    await saveSubscription(db, {
      userId,
      planType: subscription.planType ?? existing?.planType ?? "premium_monthly",
      status: subscription.status,
      trialEnd: subscription.trialEnd,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      provider: "stripe",
      providerCustomerId: subscription.customerId,
      providerSubscriptionId: subscription.id,
    });
  };

  // If handling fails, forget the event again so that Stripe's retry of it is applied instead of skipped.
  try {
    switch (event.type) {
      case "checkout.session.completed": {
        const session = event.data.object;
        const subscriptionId = typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
        if (!subscriptionId) return "ignored";
        await save(
          await billing.retrieveSubscription(subscriptionId),
          session.client_reference_id ?? session.metadata?.user_id ?? null,
        );
        return "handled";
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const subscription = billing.toSubscription(event.data.object);
        if (event.type === "customer.subscription.deleted") subscription.status = "canceled";
        await save(subscription, null);
        return "handled";
      }
      case "customer.subscription.trial_will_end": {
        const subscription = billing.toSubscription(event.data.object);
        const row = await findSubscriptionByProviderId(db, subscription.id);
        if (!row) return "ignored";
        const [user] = await db.select().from(schema.users).where(eq(schema.users.id, row.userId));
        if (user && subscription.trialEnd) {
          await options.mail
            .send({
              to: user.email,
              ...trialEndingMail({ name: user.name, trialEnd: subscription.trialEnd }),
              kind: "trial_ending",
            })
            .catch((error: unknown) => log.error({ err: error }, "trial-ending mail failed"));
        }
        return "handled";
      }
      case "invoice.payment_failed": {
        const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } | null };
        const fromParent = invoice.parent?.subscription_details?.subscription;
        const raw = fromParent ?? invoice.subscription ?? null;
        const subscriptionId = typeof raw === "string" ? raw : raw?.id;
        if (!subscriptionId) return "ignored";
        const row = await findSubscriptionByProviderId(db, subscriptionId);
        if (!row) return "ignored";
        await updateSubscriptionStatus(db, { userId: row.userId, status: "past_due" });
        return "handled";
      }
      default:
        return "ignored";
    }
  } catch (error) {
    await db.delete(schema.billingEvents).where(eq(schema.billingEvents.id, event.id));
    throw error;
  }
}
