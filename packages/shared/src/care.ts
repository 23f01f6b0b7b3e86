/**
 * Care (CONTENT.md): a journal line or check-in note can carry real danger. Language of self-harm or suicide is
 * never sent to an AI provider; the person is shown calm words and crisis resources instead.
 */
const PATTERNS: RegExp[] = [
  /\bsuicid(e|al)\b/i,
  /\bkill(ing)?\s+my\s*self\b/i,
  /\bend(ing)?\s+(my|it)\s+(life|all)\b/i,
  /\btake\s+my\s+(own\s+)?life\b/i,
  /\b(want|wish|going|plan(ning)?)\s+to\s+die\b/i,
  /\bbetter\s+off\s+(dead|without\s+me|if\s+I\s+(was|were)\s+(gone|dead))\b/i,
  /\bno\s+(reason|point)\s+(to|in)\s+(live|living|go(ing)?\s+on)\b/i,
  /\b(hurt|harm|cut)(ting)?\s+my\s*self\b/i,
  /\bself[-\s]?harm\b/i,
  // Phones type a curly apostrophe (don’t).
  /\bdon['’]?t\s+want\s+to\s+(be\s+alive|live|wake\s+up)\b/i,
  /\b(wish\s+(that\s+)?I\s+(was|were)|rather\s+be|want\s+to\s+be)\s+dead\b/i,
  /\b(not|isn['’]?t)\s+worth\s+living\b/i,
  /\bhang(ing)?\s+my\s*self\b/i,
  /\bwant\s+(it\s+all|everything)\s+to\s+end\b/i,
];

export function needsCare(text: string | null | undefined): boolean {
  if (!text) return false;
  return PATTERNS.some((p) => p.test(text));
}

export const CRISIS_RESOURCES = {
  title: "You don't have to carry this alone",
  message:
    "What you wrote sounds heavy. If you are thinking about ending your life or hurting yourself, please reach out to someone right now. You matter to God and to the people around you.",
  usLine: "In the US, call or text 988 to reach the 988 Suicide & Crisis Lifeline, any time, day or night.",
  usLink: "https://988lifeline.org",
  elsewhere: "Outside the US, find a local helpline at",
  elsewhereLink: "https://findahelpline.com",
  emergency: "If you are in immediate danger, call your local emergency number.",
} as const;
