import { formatPrice, planById, TRIAL_DAYS } from "@shepherd/shared";

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The local provider's checkout page. It says plainly that no money is taken. No scripts (our CSP allows none inline). */
export function renderTestCheckout(options: {
  session: { id: string; planType: string; status: string };
  email: string;
}): string {
  const plan = planById(options.session.planType);
  const name = plan?.name ?? options.session.planType;
  const price = plan ? `${formatPrice(plan.priceCents)} per ${plan.interval}` : "";
  const base = `/api/billing/test-checkout/${encodeURIComponent(options.session.id)}`;
  const open = options.session.status === "open";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout - Shepherd</title>
<style>
  body { font-family: system-ui, sans-serif; background: #faf6ee; color: #1c1917; margin: 0; padding: 24px; }
  main { max-width: 440px; margin: 0 auto; background: #fff; border-radius: 16px; padding: 24px; box-shadow: 0 1px 3px rgba(0,0,0,.1); }
  .notice { background: #fef3c7; border: 1px solid #d97706; border-radius: 10px; padding: 12px; font-weight: 600; }
  button { width: 100%; height: 48px; border-radius: 10px; font-size: 16px; font-weight: 600; cursor: pointer; margin-top: 12px; }
  .pay { background: #264f37; color: #fff; border: 0; }
  .back { background: #fff; color: #1c1917; border: 1px solid #d6d3d1; }
</style>
</head>
<body>
<main>
  <h1>Test checkout</h1>
  <p class="notice" role="note">This is a test checkout. No money is taken and no card is needed. It exists so Shepherd can be tried without a payment provider.</p>
  <p><strong>${escape(name)}</strong>${price ? ` &middot; ${escape(price)}` : ""}</p>
  <p>Starts with a ${TRIAL_DAYS}-day free trial for ${escape(options.email)}.</p>
  ${
    open
      ? `<form method="post" action="${base}/complete"><button class="pay" type="submit">Complete test purchase</button></form>
  <form method="post" action="${base}/cancel"><button class="back" type="submit">Cancel and go back</button></form>`
      : `<p>This checkout is already finished.</p><p><a href="/subscription">Back to your subscription</a></p>`
  }
</main>
</body>
</html>`;
}
