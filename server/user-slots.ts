// Expensive work a user may have under way at once (exports, PDFs), counted per user: a slot is taken before
// the work starts (before it reads a row) and given back once the work has ended, so one user's burst is
// refused at once instead of queueing work that slows everyone else.
export class UserSlots {
  readonly #byUser = new Map<number, number>();

  /** Slots held by everyone. */
  get total(): number {
    let total = 0;
    for (const count of this.#byUser.values()) total += count;
    return total;
  }

  heldBy(userId: number): number {
    return this.#byUser.get(userId) ?? 0;
  }

  /** Takes one of the user's slots; the release gives it back (once, however often it is called). */
  take(userId: number): () => void {
    this.#byUser.set(userId, this.heldBy(userId) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = this.heldBy(userId) - 1;
      if (left > 0) this.#byUser.set(userId, left);
      else this.#byUser.delete(userId);
    };
  }
}

/** One set of slots per key (a database, an app): each app instance counts its own work. */
export function slotsOf<K extends object>(all: WeakMap<K, UserSlots>, key: K): UserSlots {
  let slots = all.get(key);
  if (!slots) all.set(key, (slots = new UserSlots()));
  return slots;
}
