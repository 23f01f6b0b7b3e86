import { describe, expect, it } from "vitest";
import { eachInItsOwnTask } from "./when-idle";

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("eachInItsOwnTask", () => {
  it("runs each piece of work in a task of its own, in order, none in the caller's", async () => {
    const ran: string[] = [];
    eachInItsOwnTask([() => ran.push("a"), () => ran.push("b"), () => ran.push("c")]);
    expect(ran).toEqual([]);
    const seen: string[][] = [];
    for (let task = 0; task < 4; task++) {
      await nextTask();
      seen.push([...ran]);
    }
    expect(seen).toEqual([["a"], ["a", "b"], ["a", "b", "c"], ["a", "b", "c"]]);
  });
});
