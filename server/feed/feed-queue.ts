// The feed's admission (issue 36, close of day): at most `atOnce` feed requests of this instance are served
// at a time, from their token's look-up to their answer (their key's claim, their rows' write); the others
// wait their turn in memory, in order of arrival, their body not read yet and no database connection held;
// `queue` of them at most, and one more is refused at once, before anything is looked up, with 503 and a
// Retry-After of about the time the queue takes to clear (spread, so that the tills refused together do not
// all come back together). At close of day 5,000 tills send their day within a minute: let in as they came,
// their requests held the pool's connections and the server's one thread, and a staff page, which has no
// slack, waited behind them; a till has the minutes after its request to get its day in, and sends it again
// when told to (with its Idempotency-Key, so nothing is written twice).
// A turn ends when the request's answer has gone, or its caller has: one that goes away mid-write lets the
// next start before its own write has ended (one more at once than `atOnce`, for a moment). A request gives
// its turn up while its body arrives (its token was looked up in its turn, before the body is read): a till
// on a slow line, or one that sends its body slowly on purpose, would otherwise hold a turn, and with it a
// share of the feed's connections, for up to the body's time limit (REQUEST_BODY_TIMEOUT_MS), while the
// others wait. Once its body is in, it takes a turn again before any request still waiting for its first:
// it was admitted, and is never refused.
import { msg } from '../messages.ts';

export interface FeedQueueLimits {
  /** Feed requests served at once. */
  atOnce: number;
  /** Feed requests waiting their turn at most; one more is refused with 503. */
  queue: number;
}

/** A request's place, from its arrival to its answer. */
export interface FeedTicket {
  /** Settles when the request's turn comes; throws FeedQueueLeft when its caller went away while it waited. */
  turn(): Promise<void>;
  /** Gives its turn up while the request waits for something that needs none (its body): the next starts. */
  pause(): void;
  /**
   * Takes a turn again after `pause`, before any request waiting for its first (never refused); throws
   * FeedQueueLeft when its caller went away meanwhile.
   */
  resume(): Promise<void>;
  /** The request is answered, or its caller gone: its place or its turn goes to the next. Idempotent. */
  leave(): void;
}

/** A request whose caller went away while it waited: it does nothing. */
export class FeedQueueLeft extends Error {}

/** How much one turn's time moves the average a Retry-After is estimated from. */
const SMOOTHING = 0.1;
/** A turn's time before any was measured (a feed request of a till's day takes tens of milliseconds). */
const FIRST_TURN_MS = 50;

interface Waiter {
  start: () => void;
  refuse: (err: Error) => void;
}

export class FeedQueue {
  readonly #limits: FeedQueueLimits;
  readonly #waiting: Waiter[] = [];
  /** Requests that gave their turn up (pause) and want it back: served before #waiting. */
  readonly #resuming: Waiter[] = [];
  #serving = 0;
  #turnMs = FIRST_TURN_MS;

  constructor(limits: FeedQueueLimits) {
    this.#limits = limits;
  }

  /** Requests being served now. */
  get serving(): number {
    return this.#serving;
  }

  /** Requests waiting their turn (a first one, or one again after giving theirs up). */
  get waiting(): number {
    return this.#waiting.length + this.#resuming.length;
  }

  /** A place for a request arriving, or null when `queue` wait already (refuse it: busy). */
  admit(): FeedTicket | null {
    if (this.#waiting.length >= this.#limits.queue) return null;
    let state: 'placed' | 'waiting' | 'served' | 'paused' | 'resuming' | 'left' = 'placed';
    let began = 0;
    let waiter: Waiter | undefined;
    const start = () => {
      state = 'served';
      this.#serving++;
      began = performance.now();
    };
    /** Waits in `line` for a turn, unless one is free and nobody is ahead. */
    const wait = (line: Waiter[], ahead: number, as: 'waiting' | 'resuming') => {
      if (ahead === 0 && this.#serving < this.#limits.atOnce) {
        start();
        return Promise.resolve();
      }
      state = as;
      return new Promise<void>((resolve, refuse) => {
        waiter = {
          start: () => {
            start();
            resolve();
          },
          refuse,
        };
        line.push(waiter);
      });
    };
    /** Ends a turn: its time goes into the Retry-After's estimate (`timed`), and the next starts. */
    const endTurn = (timed: boolean) => {
      this.#serving--;
      if (timed) this.#turnMs += SMOOTHING * (performance.now() - began - this.#turnMs);
      (this.#resuming.shift() ?? this.#waiting.shift())?.start();
    };
    return {
      turn: () => {
        if (state !== 'placed') return Promise.reject(state === 'left' ? new FeedQueueLeft() : new Error('feed queue: a second turn'));
        return wait(this.#waiting, this.#waiting.length + this.#resuming.length, 'waiting');
      },
      pause: () => {
        if (state !== 'served') return;
        state = 'paused';
        // The look-up's short turn is not what a turn takes: the write's, after resume, is.
        endTurn(false);
      },
      resume: () => {
        if (state !== 'paused') return Promise.reject(state === 'left' ? new FeedQueueLeft() : new Error('feed queue: resumed unpaused'));
        return wait(this.#resuming, this.#resuming.length, 'resuming');
      },
      leave: () => {
        const was = state;
        state = 'left';
        if (was === 'waiting' || was === 'resuming') {
          const line = was === 'waiting' ? this.#waiting : this.#resuming;
          line.splice(line.indexOf(waiter!), 1);
          waiter!.refuse(new FeedQueueLeft());
        }
        if (was === 'served') endTurn(true);
      },
    };
  }

  /**
   * Seconds after which a request refused now may find room: about the time the waiting requests' turns take,
   * `atOnce` at a time, spread at random from half of it to half as much again, so that those refused together
   * come back apart, the first while the queue still has work (1 to 60).
   */
  retryAfterSeconds(): number {
    const ms = ((this.waiting + 1) * this.#turnMs) / this.#limits.atOnce;
    return Math.min(60, Math.max(1, Math.ceil((ms * (0.5 + Math.random())) / 1000)));
  }

  /** The refusal's sentence, with the Retry-After it goes with. */
  busyMessage(retryAfter: number): string {
    return msg('feedBusy', this.#serving, this.waiting, retryAfter);
  }
}
