import { describe, expect, it } from "vitest";
import { createLatestValueSaver } from "./latest-value-saver";

/** A send whose answers the test releases by hand, recording what reached the "server" and in which order. */
function fakeServer() {
  const sent: number[] = [];
  const stored: number[] = [];
  const pending: Array<{ value: number; finish: (ok: boolean) => void }> = [];
  const send = (value: number) =>
    new Promise<number>((resolve, reject) => {
      sent.push(value);
      pending.push({
        value,
        finish: (ok) => {
          if (!ok) return reject(new Error(`could not save ${value}`));
          stored.push(value);
          resolve(value * 10);
        },
      });
    });
  const answer = async (ok = true) => {
    pending.shift()!.finish(ok);
    // Let the saver's loop run on to its next send.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { send, sent, stored, pending, answer };
}

describe("saving the connection slider", () => {
  it("sends one value at a time, and only the newest of those that waited", async () => {
    const server = fakeServer();
    const saved: Array<[number, number]> = [];
    const saver = createLatestValueSaver({
      send: server.send,
      onSaved: (result, value) => saved.push([value, result]),
      onError: () => undefined,
    });
    expect(saver.busy).toBe(false);
    saver.save(40);
    saver.save(35);
    saver.save(20);
    expect(server.sent).toEqual([40]);
    expect(saver.busy).toBe(true);

    await server.answer();
    expect(server.sent).toEqual([40, 20]);
    await server.answer();
    expect(server.stored).toEqual([40, 20]);
    expect(saved).toEqual([
      [40, 400],
      [20, 200],
    ]);
    expect(saver.busy).toBe(false);

    saver.save(70);
    expect(server.sent).toEqual([40, 20, 70]);
    await server.answer();
    expect(server.stored.at(-1)).toBe(70);
  });

  it("goes on to the newest value after a failed save, and reports the failure", async () => {
    const server = fakeServer();
    const errors: number[] = [];
    const saver = createLatestValueSaver({
      send: server.send,
      onSaved: () => undefined,
      onError: (_error, value) => errors.push(value),
    });
    saver.save(10);
    saver.save(90);
    await server.answer(false);
    expect(errors).toEqual([10]);
    expect(server.sent).toEqual([10, 90]);
    await server.answer();
    expect(server.stored).toEqual([90]);
    expect(saver.busy).toBe(false);
  });
});
