import { describe, expect, it } from "vitest";
import { needsCare } from "./care";
import {
  backupIndex,
  bodySentenceAt,
  connectionLabel,
  connectionUpdatedText,
  journalError,
  listenScript,
  localDate,
  moodFromConnection,
  nextPlaybackSpeed,
  paragraphSentences,
  sentenceAt,
  splitSentences,
  whisperForConnection,
  whisperForConnectionChange,
  whisperForJournal,
} from "./today";

describe("connection label bands (spec section 4)", () => {
  it.each([
    [0, "Lost Sheep"],
    [12, "Lost Sheep"],
    [13, "Hearing His Voice"],
    [37, "Hearing His Voice"],
    [38, "Following"],
    [62, "Following"],
    [63, "In the Flock"],
    [87, "In the Flock"],
    [88, "Green Pastures"],
    [100, "Green Pastures"],
  ])("%i reads %s", (value, label) => {
    expect(connectionLabel(value)).toBe(label);
  });
});

describe("mood from the connection value (spec section 4)", () => {
  it.each([
    [0, "struggling"],
    [24, "struggling"],
    [25, "neutral"],
    [49, "neutral"],
    [50, "good"],
    [74, "good"],
    [75, "great"],
    [100, "great"],
  ])("%i is %s", (value, mood) => {
    expect(moodFromConnection(value)).toBe(mood);
  });
});

describe("when the connection was last set", () => {
  const now = new Date("2026-03-03T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const minute = 60_000;
  const hour = 60 * minute;

  it("reads Just now, minutes and hours", () => {
    expect(connectionUpdatedText(now, now)).toBe("Just now");
    expect(connectionUpdatedText(ago(59_000), now)).toBe("Just now");
    expect(connectionUpdatedText(ago(minute), now)).toBe("1m ago");
    expect(connectionUpdatedText(ago(5 * minute), now)).toBe("5m ago");
    expect(connectionUpdatedText(ago(59 * minute), now)).toBe("59m ago");
    expect(connectionUpdatedText(ago(hour), now)).toBe("1h ago");
    expect(connectionUpdatedText(ago(3 * hour + 10 * minute).toISOString(), now)).toBe("3h ago");
    expect(connectionUpdatedText(ago(23 * hour), now)).toBe("23h ago");
  });

  it("reads a date after a day", () => {
    expect(connectionUpdatedText("2026-03-01T10:00:00Z", now)).toBe("Mar 1");
    expect(connectionUpdatedText(new Date("2026-02-14T10:00:00Z"), now, undefined, "America/New_York")).toBe("Feb 14");
  });

  it("reads Not set today for nothing, and for a value set on another day", () => {
    expect(connectionUpdatedText(null, now)).toBe("Not set today");
    expect(connectionUpdatedText(null, now, "2026-03-03")).toBe("Not set today");
    // Yesterday evening is only two hours ago, but it is not today.
    const yesterday = new Date("2026-03-02T23:00:00Z");
    const justAfterMidnight = new Date("2026-03-03T01:00:00Z");
    expect(connectionUpdatedText(yesterday, justAfterMidnight, "2026-03-03", "UTC")).toBe("Not set today");
    expect(connectionUpdatedText(ago(2 * hour), now, "2026-03-03", "UTC")).toBe("2h ago");
    // The same instant is still "today" in New York (18:00 on 2 March), where today is 2 March.
    expect(connectionUpdatedText(yesterday, justAfterMidnight, "2026-03-02", "America/New_York")).toBe("2h ago");
  });
});

describe("journal rules (spec sections 5 and 9)", () => {
  it("needs 10 to 5000 characters after trimming", () => {
    expect(journalError("")).toBe("Journal entry must be at least 10 characters");
    expect(journalError("123456789")).toBe("Journal entry must be at least 10 characters");
    expect(journalError("   123456789   ")).toBe("Journal entry must be at least 10 characters");
    expect(journalError("1234567890")).toBeNull();
    expect(journalError(`  ${"a".repeat(5000)}  `)).toBeNull();
    expect(journalError("a".repeat(5001))).toBe("Journal entry too long");
  });

  it("brings a victory whisper above 50 characters", () => {
    expect(whisperForJournal("a".repeat(50))).toBeNull();
    expect(whisperForJournal(`   ${"a".repeat(50)}   `)).toBeNull();
    expect(whisperForJournal("a".repeat(51))).toBe("victory");
  });

  it("brings a struggle whisper below a connection of 30", () => {
    expect(whisperForConnection(0)).toBe("struggle");
    expect(whisperForConnection(29)).toBe("struggle");
    expect(whisperForConnection(30)).toBeNull();
    expect(whisperForConnection(100)).toBeNull();
  });

  it("brings one struggle whisper as the slider moves below 30, not one for every step of a drag below it", () => {
    expect(whisperForConnectionChange(50, 29)).toBe("struggle");
    expect(whisperForConnectionChange(30, 0)).toBe("struggle");
    expect(whisperForConnectionChange(29, 20)).toBeNull();
    expect(whisperForConnectionChange(20, 25)).toBeNull();
    expect(whisperForConnectionChange(20, 30)).toBeNull();
    expect(whisperForConnectionChange(50, 30)).toBeNull();
    expect(whisperForConnectionChange(30, 29)).toBe("struggle");
  });
});

describe("the person's own date", () => {
  it("follows the time zone", () => {
    const instant = new Date("2026-03-01T02:00:00Z");
    expect(localDate(instant, "UTC")).toBe("2026-03-01");
    expect(localDate(instant, "America/New_York")).toBe("2026-02-28");
    expect(localDate(instant, "America/Los_Angeles")).toBe("2026-02-28");
    expect(localDate(new Date("2026-02-28T16:00:00Z"), "Asia/Tokyo")).toBe("2026-03-01");
    expect(localDate(new Date("2026-12-31T10:30:00Z"), "Pacific/Kiritimati")).toBe("2027-01-01");
    expect(localDate(new Date("2027-01-01T04:59:00Z"), "America/New_York")).toBe("2026-12-31");
  });

  it("turns at his midnight to the millisecond, asked in any order (each zone's last date is remembered a minute)", () => {
    const zones = {
      "America/New_York": "2027-01-01T05:00:00Z",
      "Asia/Kathmandu": "2026-12-31T18:15:00Z",
      UTC: "2027-01-01T00:00:00Z",
    };
    for (const [zone, midnight] of Object.entries(zones)) {
      const at = Date.parse(midnight);
      const instants = [at - 60_000, at - 1, at, at - 1, at + 59_999, at - 30_000, at + 1, at - 61_000];
      const dates = instants.map((ms) => localDate(new Date(ms), zone));
      expect(dates, zone).toEqual(instants.map((ms) => (ms < at ? "2026-12-31" : "2027-01-01")));
    }
    // A historical instant in a zone whose offset then had seconds (Monrovia, -0:44:30 until 1972) is never remembered.
    expect(localDate(new Date("1960-01-01T00:44:29Z"), "Africa/Monrovia")).toBe("1959-12-31");
    expect(localDate(new Date("1960-01-01T00:44:30Z"), "Africa/Monrovia")).toBe("1960-01-01");
  });
});

describe("backup devotional choice (spec section 3)", () => {
  it("is the day of year modulo 3", () => {
    expect(backupIndex(new Date("2026-01-01T12:00:00Z"))).toBe(1);
    expect(backupIndex(new Date("2026-01-02T12:00:00Z"))).toBe(2);
    expect(backupIndex(new Date("2026-01-03T12:00:00Z"))).toBe(0);
    expect(backupIndex(new Date("2026-02-01T00:00:00Z"))).toBe(32 % 3);
    expect(backupIndex(new Date("2026-12-31T23:59:59Z"))).toBe(365 % 3);
    expect(backupIndex(new Date("2028-12-31T00:00:00Z"))).toBe(366 % 3);
  });
});

describe("audio helpers (spec section 4)", () => {
  it("splits text into sentences", () => {
    expect(splitSentences("Hello there. How are you? Fine! And the rest")).toEqual([
      "Hello there.",
      "How are you?",
      "Fine!",
      "And the rest",
    ]);
    expect(splitSentences('He said, "Follow me." They went.')).toEqual(['He said, "Follow me."', "They went."]);
    expect(splitSentences("")).toEqual([]);
  });

  it("highlights the sentence in proportion to playback time", () => {
    // Lengths 4 and 24: the first sentence takes the first 4/28 of the time.
    const sentences = ["One.", "Two three four five six."];
    expect(sentenceAt(sentences, 0, 28)).toBe(0);
    expect(sentenceAt(sentences, 3.9, 28)).toBe(0);
    expect(sentenceAt(sentences, 4, 28)).toBe(1);
    expect(sentenceAt(sentences, 28, 28)).toBe(1);
    expect(sentenceAt(sentences, 2, 14)).toBe(1);
    expect(sentenceAt(sentences, -5, 28)).toBe(0);
    expect(sentenceAt(sentences, 500, 28)).toBe(1);
    const three = ["a.", "b.", "c."];
    expect([0, 1, 2, 3, 4, 5, 6].map((t) => sentenceAt(three, t, 6))).toEqual([0, 0, 1, 1, 2, 2, 2]);
    expect(sentenceAt([], 1, 10)).toBe(-1);
    expect(sentenceAt(sentences, 1, 0)).toBe(-1);
    expect(sentenceAt(sentences, 1, Number.NaN)).toBe(-1);
  });

  it("reads the title and passage first, and highlights only the body in step with the whole", () => {
    const script = listenScript({
      title: "Iron Sharpens Iron",
      passage: "Proverbs 27:17",
      content: "First one. Second one!\n\nA paragraph with no stop\n\n  Last?  ",
    });
    expect(script.sentences).toEqual([
      "Iron Sharpens Iron.",
      "Proverbs 27:17.",
      "First one.",
      "Second one!",
      "A paragraph with no stop",
      "Last?",
    ]);
    expect(script.text).toBe("Iron Sharpens Iron. Proverbs 27:17. First one. Second one! A paragraph with no stop Last?");
    expect(script.bodyStart).toBe(2);
    // The body's sentences are exactly the ones shown, paragraph by paragraph.
    expect(script.sentences.slice(script.bodyStart)).toEqual(
      paragraphSentences("First one. Second one!\n\nA paragraph with no stop\n\n  Last?  ").flat(),
    );
    expect(listenScript({ title: "Why Wait?", passage: "James 1:5", content: "Ask." }).sentences).toEqual([
      "Why Wait?",
      "James 1:5.",
      "Ask.",
    ]);

    const total = script.sentences.reduce((n, s) => n + s.length, 0);
    const at = (chars: number) => bodySentenceAt(script, chars, total);
    expect(at(0)).toBe(-1); // the title
    expect(at(19 + 14)).toBe(-1); // the end of the passage reference
    expect(at(19 + 15)).toBe(0); // the body's first sentence
    expect(at(total)).toBe(3);
    expect(bodySentenceAt(script, 5, 0)).toBe(-1);
  });

  it("shows the body as paragraphs of sentences, skipping empty ones", () => {
    expect(paragraphSentences("One. Two.\n\n\n\nThree\n \n")).toEqual([["One.", "Two."], ["Three"]]);
    expect(paragraphSentences("")).toEqual([]);
  });

  it("cycles the playback speed 1, 1.25, 1.5, 1.75, 2", () => {
    const seen = [1];
    for (let i = 0; i < 5; i++) seen.push(nextPlaybackSpeed(seen[seen.length - 1]!));
    expect(seen).toEqual([1, 1.25, 1.5, 1.75, 2, 1]);
  });
});

describe("care (CONTENT.md)", () => {
  it.each([
    "I want to end my life",
    "Some nights I think about suicide.",
    "I have been having suicidal thoughts",
    "Sometimes I want to kill myself",
    "I keep thinking about killing myself",
    "Everyone would be better off without me",
    "They'd be better off dead... I mean I would",
    "I don't want to wake up tomorrow",
    "I dont want to be alive anymore",
    "I've been cutting myself again",
    "I'm planning to take my own life",
    "There is no reason to live",
    "I wish to die",
    "I thought about self-harm today",
    "I want to END IT ALL",
    // A phone keyboard's curly apostrophe.
    "I don’t want to live anymore",
    "Some days I wish I were dead",
    "I'd rather be dead",
    "Life isn’t worth living",
    "I want to hang myself",
    "My family would be better off if I was gone",
    "I just want it all to end",
  ])("needs care: %s", (text) => {
    expect(needsCare(text)).toBe(true);
  });

  it.each([
    "I killed it at work today",
    "this deadline is killing me",
    "My phone died during the meeting",
    "We ended the meeting early and I went home to my wife",
    "I prayed with my son before school",
    "Life is hard right now but God is good",
    "Christ gave his life for the church",
    "",
  ])("does not need care: %s", (text) => {
    expect(needsCare(text)).toBe(false);
  });

  it("reads nothing as no care", () => {
    expect(needsCare(null)).toBe(false);
    expect(needsCare(undefined)).toBe(false);
  });
});
