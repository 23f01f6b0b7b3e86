/** Plain, warm mail texts. Each returns subject, text and a simple HTML version. */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function paragraphs(lines: string[]): string {
  return lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n");
}

export function passwordResetMail(options: { name: string; url: string }) {
  const lines = [
    `Hi ${options.name},`,
    "Someone (we hope you) asked to reset the password of your Shepherd account.",
    `Choose a new password here: ${options.url}`,
    "The link works for one hour. If you did not ask for this, you can ignore this email; your password stays the same.",
    "Lead with love. Guide with grace.",
  ];
  return {
    subject: "Reset your Shepherd password",
    text: lines.join("\n\n"),
    html:
      paragraphs(lines.slice(0, 2)) +
      `<p><a href="${escapeHtml(options.url)}">Choose a new password</a></p>` +
      paragraphs(lines.slice(3)),
  };
}

export function verifyEmailMail(options: { name: string; url: string }) {
  const lines = [
    `Hi ${options.name},`,
    "Welcome to Shepherd. Please confirm that this is your email address, so you can sign in.",
    `Confirm your email address here: ${options.url}`,
    "The link works for one day. If you did not make a Shepherd account, you can ignore this email.",
    "Lead with love. Guide with grace.",
  ];
  return {
    subject: "Confirm your email address for Shepherd",
    text: lines.join("\n\n"),
    html:
      paragraphs(lines.slice(0, 2)) +
      `<p><a href="${escapeHtml(options.url)}">Confirm your email address</a></p>` +
      paragraphs(lines.slice(3)),
  };
}

export function welcomeMail(options: { name: string; appUrl: string }) {
  const lines = [
    `Welcome to Shepherd, ${options.name}.`,
    "Every morning there is a short devotional waiting for you: one passage, one idea, one question, and a prayer you can pray in plain words.",
    "Ten quiet minutes is enough. Start when you are ready.",
    `Open Shepherd: ${options.appUrl}`,
    "Lead with love. Guide with grace.",
  ];
  return { subject: "Welcome to Shepherd", text: lines.join("\n\n"), html: paragraphs(lines) };
}

export function trialEndingMail(options: { name: string; trialEnd: Date }) {
  const day = options.trialEnd.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
  const lines = [
    `Hi ${options.name},`,
    `Your free trial of Shepherd Premium ends on ${day}. After that your plan renews, and you keep unlimited devotionals, audio and insights.`,
    "If you would rather not continue, you can cancel from the subscription page in Shepherd before then; you will not be charged.",
    "Lead with love. Guide with grace.",
  ];
  return { subject: "Your Shepherd Premium trial ends soon", text: lines.join("\n\n"), html: paragraphs(lines) };
}

/** An admin's answer to a member's support request; the thread stays in Settings. */
export function supportReplyMail(options: { name: string; subject: string; reply: string; settingsUrl: string }) {
  const lines = [
    `Hi ${options.name},`,
    `We answered your support request "${options.subject}":`,
    options.reply,
    `You can read the whole conversation and write back in Settings: ${options.settingsUrl}`,
    "Lead with love. Guide with grace.",
  ];
  return {
    subject: `Re: ${options.subject}`,
    text: lines.join("\n\n"),
    html:
      paragraphs(lines.slice(0, 2)) +
      `<blockquote style="white-space:pre-wrap">${escapeHtml(options.reply)}</blockquote>` +
      `<p><a href="${escapeHtml(options.settingsUrl)}">Open the conversation in Settings</a></p>` +
      paragraphs(lines.slice(4)),
  };
}
