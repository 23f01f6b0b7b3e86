import { useCallback, useState } from "react";

const KEY = "today-read";

function readDevotional(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/**
 * The Read step is done once he has reached the end of the text (its last line came into view above the bars along
 * the bottom) or listened to the end. Kept in this browser for today's devotional only: reading is his own business,
 * and nothing on the server depends on it.
 */
export function useReadMark(devotionalId: string) {
  const [readId, setReadId] = useState(readDevotional);
  const read = readId === devotionalId;
  const markRead = useCallback(() => {
    setReadId(devotionalId);
    try {
      localStorage.setItem(KEY, devotionalId);
    } catch {
      // Private browsing may refuse storage: the step still shows done until he leaves.
    }
  }, [devotionalId]);

  // A callback ref with a clean-up (React 19), not state: a state set while the page commits is rendered again at once,
  // in the same task, before the phone can paint or answer a tap (issue 14: it was Today's longest task on a load).
  const endRef = useCallback(
    (end: HTMLElement | null) => {
      if (!end || read) return;
      const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && markRead(), {
        rootMargin: "0px 0px -140px 0px",
      });
      observer.observe(end);
      return () => observer.disconnect();
    },
    [read, markRead],
  );

  return { read, markRead, endRef };
}
