// Steady traffic for the fault suite (test/server/faults.test.ts): lists, changes, exports and PDFs, each a
// loop of one request after another until stopped. Every answer is sorted: what a failure outside the process
// may bring (a 503 in words, a download cut off, a refusal because something is busy) is expected; anything
// else (a 500, a body that is not the answer's) is kept as unexpected. Each change writes a value of its own
// into rows no other change takes, and the rows it answered as gone in are kept with that value (those it
// answered as not saved with the value they had), so that the suite can check them against the database.
import { setTimeout as sleep } from 'node:timers/promises';
import { format, subDays } from 'date-fns';
import { msg } from '../../server/messages.ts';
import type { SignedIn } from './app.ts';
import { startDownload, type Downloading } from './download.ts';
import { currentQuery, url } from '../server/table-api/support.ts';

export interface Sale {
  sale_id: number;
  version: number;
  transactions: number;
}

export interface Traffic {
  /** Requests answered so far: a point in the traffic to strike at. */
  readonly answered: number;
  /** Answers no failure outside the process may bring, in words. */
  readonly unexpected: string[];
  /** PDFs printed so far. */
  readonly printed: number;
  /** Each row a change answered as gone in, with the value it wrote. */
  readonly committed: Map<number, number>;
  /** Each row a change answered as not saved, with the value it had. */
  readonly notSaved: Map<number, number>;
  /**
   * The next long download, stopped by its client at a random point of its body (or ended before it): its
   * export then waits on its client, for the suite to strike at. `resume` it afterwards.
   */
  holdLongExport(): Promise<Downloading>;
  stop(): Promise<void>;
}

export interface TrafficOptions {
  base: string;
  /** Lists, changes sales and exports as this user (one with every role). */
  admin: SignedIn;
  /** Sales rows the changes may take, each once. */
  sales: Sale[];
  /** Long exports the traffic keeps downloading, in turn (long enough to outgrow every buffer on the way). */
  longExports?: { user: SignedIn; paths: string[] };
  /** Asks for PDFs as this user, when given. */
  pdfs?: SignedIn;
  /** Where in a held download's body to stop (a number from 0 to 1, for the first few megabytes). */
  random: () => number;
}

/** Values the changes write: far above any seeded sale's transactions (40 to 400). */
const FIRST_VALUE = 100_000;
const ROWS_PER_CHANGE = 4;
/** A held download stops somewhere in its first this many bytes. */
const HOLD_WITHIN_BYTES = 4_000_000;
/** A loop with nothing left to do. */
const DONE = Symbol('done');
/**
 * A loop told to try later (a 503, a download cut off) pauses this long first, as a client would: looping at
 * once, the traffic would only burn the cores a restarting database needs (pacing, not a wait for anything).
 */
const RETRY_LATER_MS = 100;
const FAILED = Symbol('failed');

export function startTraffic({ base, admin, sales, longExports, pdfs, random }: TrafficOptions): Traffic {
  let stopped = false;
  let answered = 0;
  let printed = 0;
  const unexpected: string[] = [];
  const committed = new Map<number, number>();
  const notSaved = new Map<number, number>();
  let holdWanted: ((downloading: Downloading) => void) | undefined;
  let held: Downloading | undefined;

  /** Runs `one` again and again until stopped; a throw is unexpected (the traffic itself must not fail). */
  async function loop(name: string, one: () => Promise<string | null | typeof DONE | typeof FAILED>): Promise<void> {
    while (!stopped) {
      try {
        const wrong = await one();
        if (wrong === DONE) return;
        if (wrong === FAILED) await sleep(RETRY_LATER_MS);
        else if (wrong) unexpected.push(`${name}: ${wrong}`);
      } catch (err) {
        unexpected.push(`${name} threw: ${(err as Error).stack ?? err}`);
      }
      answered++;
    }
  }

  const list = async () => {
    const res = await admin.inject({ url: url('stores', currentQuery(['StoreID', 'Name'])) });
    if (res.statusCode === 503) return FAILED;
    return res.statusCode === 200 ? null : `${res.statusCode} ${res.body.slice(0, 300)}`;
  };

  let nextValue = FIRST_VALUE;
  let nextRow = 0;
  const change = async () => {
    const rows = sales.slice(nextRow, nextRow + ROWS_PER_CHANGE);
    if (rows.length < ROWS_PER_CHANGE) return DONE;
    nextRow += ROWS_PER_CHANGE;
    const value = nextValue++;
    const res = await admin.inject({
      method: 'PATCH',
      url: '/api/sales',
      payload: { SaleIDs: rows.map((r) => r.sale_id), Versions: rows.map((r) => r.version), Transactions: value },
    });
    const answer = res.json() as { Succeed?: number[]; Failed?: Array<{ key: number; error: string }>; error?: string };
    const before = new Map(rows.map((r) => [r.sale_id, r.transactions]));
    // Refused before its first row: none went in.
    if (res.statusCode === 503 && answer.error === msg('databaseUnavailable')) {
      for (const [key, had] of before) notSaved.set(key, had);
      return FAILED;
    }
    if (![200, 503].includes(res.statusCode) || !answer.Succeed) return `${res.statusCode} ${res.body.slice(0, 300)}`;
    for (const key of answer.Succeed) committed.set(key, value);
    if (res.statusCode === 200 && answer.Failed?.length) return `rows refused: ${JSON.stringify(answer.Failed)}`;
    for (const f of answer.Failed ?? []) if (f.error === msg('tableRowNotSaved')) notSaved.set(f.key, before.get(f.key)!);
    return res.statusCode === 503 ? FAILED : null;
  };

  /** A download: whole, or cut off, or refused in words; never a 500. */
  const fetched = async (downloading: Downloading, path: string) => {
    const got = await downloading.done;
    if (got.status === 200 && got.complete) return null;
    return [200, 429, 503].includes(got.status) ? FAILED : `${path}: ${got.status} (${got.bytes} bytes)`;
  };
  let shortOnes = 0;
  const shortExport = () => {
    const path = `/api/states/export?format=${shortOnes++ % 2 ? 'xlsx' : 'csv'}`;
    return fetched(startDownload(base, path, admin.cookie), path);
  };
  let longOnes = 0;
  const longExport = async () => {
    const path = longExports!.paths[longOnes++ % longExports!.paths.length]!;
    const hold = holdWanted;
    holdWanted = undefined;
    const downloading = startDownload(base, path, longExports!.user.cookie, {
      ...(hold && { pauseAfter: 1 + Math.floor(random() * HOLD_WITHIN_BYTES) }),
    });
    if (hold) {
      held = downloading;
      void Promise.race([downloading.held, downloading.done]).then(() => hold(downloading));
    }
    try {
      return await fetched(downloading, path);
    } finally {
      held = undefined;
    }
  };

  const pdf = async () => {
    const res = await pdfs!.inject({ method: 'POST', url: '/api/common/reports', payload: pdfReport });
    if (res.statusCode === 200) printed++;
    if ([429, 503, 504].includes(res.statusCode)) return FAILED;
    return res.statusCode === 200 ? null : `${res.statusCode} ${res.body.slice(0, 300)}`;
  };

  const loops = [loop('list', list), loop('change', change), loop('export', shortExport)];
  if (longExports) loops.push(loop('long export', longExport));
  if (pdfs) loops.push(loop('pdf', pdf));

  return {
    get answered() {
      return answered;
    },
    unexpected,
    get printed() {
      return printed;
    },
    committed,
    notSaved,
    holdLongExport: () => new Promise((resolve) => (holdWanted = resolve)),
    async stop() {
      stopped = true;
      held?.resume();
      await Promise.all(loops);
    },
  };
}

/** A report of a week's sales by state, printed as a PDF. */
const pdfReport = {
  name: 'sales-by-state',
  format: 'pdf',
  parameters: [
    { name: 'FromDate', value: format(subDays(new Date(), 9), 'dd/MM/yyyy') },
    { name: 'ToDate', value: format(subDays(new Date(), 2), 'dd/MM/yyyy') },
  ],
};
