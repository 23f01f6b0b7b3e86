/**
 * Saves a changing value (the connection slider) one request at a time. While a save is under way, newer values wait
 * and only the newest is sent next, so requests can never land out of order and the last value always lands.
 */
export interface LatestValueSaver<T> {
  /** Saves `value` now, or as soon as the save under way has finished (replacing any value already waiting). */
  save(value: T): void;
  /** True while a save is under way or waiting. */
  readonly busy: boolean;
}

export function createLatestValueSaver<T, R>(options: {
  send: (value: T) => Promise<R>;
  onSaved: (result: R, value: T) => void;
  onError: (error: unknown, value: T) => void;
}): LatestValueSaver<T> {
  let sending = false;
  let waiting: { value: T } | null = null;

  async function drain() {
    sending = true;
    while (waiting) {
      const { value } = waiting;
      waiting = null;
      try {
        options.onSaved(await options.send(value), value);
      } catch (error) {
        options.onError(error, value);
      }
    }
    sending = false;
  }

  return {
    save(value) {
      waiting = { value };
      if (!sending) void drain();
    },
    get busy() {
      return sending || waiting !== null;
    },
  };
}
