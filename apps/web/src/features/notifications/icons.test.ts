import { Bell, HandHeart, MessageCircle, StickyNote } from "lucide-react";
import { describe, expect, it } from "vitest";
import { notificationIcon } from "./icons";

describe("notification icons (spec section 2)", () => {
  it("a note for a post, a speech bubble for a comment, praying hands for a reflection", () => {
    expect(notificationIcon("mention_post")).toEqual({ Icon: StickyNote, name: "note" });
    expect(notificationIcon("mention_comment")).toEqual({ Icon: MessageCircle, name: "speech-bubble" });
    expect(notificationIcon("mention_reflection")).toEqual({ Icon: HandHeart, name: "praying-hands" });
  });

  it("a generic bell for any other type", () => {
    for (const type of ["", "welcome", "toString", "__proto__", "MENTION_POST"]) {
      expect(notificationIcon(type)).toEqual({ Icon: Bell, name: "bell" });
    }
  });
});
