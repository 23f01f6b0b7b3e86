/** Plain, warm mail texts. Each returns subject, text and a simple HTML version. */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function paragraphs(lines: string[]): string {
  return lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n");
}

/**
 * A mail whose point is one link: a greeting, why, the link as text (the plain-text part), what to know, the motto.
 * The HTML part puts the link as a button-like anchor in place of the text line.
 */
function linkMail(options: { subject: string; name: string; why: string; linkText: string; url: string; note: string }) {
  const lines = [
    `Hi ${options.name},`,
    options.why,
    `${options.linkText} here: ${options.url}`,
    options.note,
    "Lead with love. Guide with grace.",
  ];
  return {
    subject: options.subject,
    text: lines.join("\n\n"),
    html:
      paragraphs(lines.slice(0, 2)) +
      `<p><a href="${escapeHtml(options.url)}">${escapeHtml(options.linkText)}</a></p>` +
      paragraphs(lines.slice(3)),
  };
}

export function passwordResetMail(options: { name: string; url: string }) {
  return linkMail({
    ...options,
    subject: "Reset your Shepherd password",
    why: "Someone (we hope you) asked to reset the password of your Shepherd account.",
    linkText: "Choose a new password",
    note: "The link works for one hour. If you did not ask for this, you can ignore this email; your password stays the same.",
  });
}

export function verifyEmailMail(options: { name: string; url: string }) {
  return linkMail({
    ...options,
    subject: "Confirm your email address for Shepherd",
    why: "Welcome to Shepherd. Please confirm that this is your email address, so you can sign in.",
    linkText: "Confirm your email address",
    note: "The link works for one day. If you did not make a Shepherd account, you can ignore this email.",
  });
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

/** The daily reminder by email (issue 18): the reminder's own gentle words, a link to the app, one line to stop them. */
export function reminderMail(options: { name: string; title: string; body: string; appUrl: string; settingsUrl: string }) {
  const lines = [
    `Hi ${options.name},`,
    options.body,
    `Open today's devotional: ${options.appUrl}`,
    `You asked for this daily reminder. To change its time or turn it off: ${options.settingsUrl}`,
    "Lead with love. Guide with grace.",
  ];
  return {
    subject: options.title,
    text: lines.join("\n\n"),
    html:
      paragraphs(lines.slice(0, 2)) +
      `<p><a href="${escapeHtml(options.appUrl)}">Open today's devotional</a></p>` +
      `<p style="color:#666;font-size:13px">You asked for this daily reminder. <a href="${escapeHtml(options.settingsUrl)}">Change its time or turn it off</a>.</p>` +
      paragraphs(lines.slice(4)),
  };
}
