// How far a read replica is behind its primary, measured without trusting either machine's clock against the
// other's: each check takes the primary's WAL position (a sample, timed on this clock) and the replica's
// replayed position. Once the replica has replayed a sample's position, it holds everything the primary had
// committed when that sample was taken, so its data is at most that sample's age old: the lag is the age of
// the newest sample it has replayed, to within one check.
export function parseLsn(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** Samples kept while the replica replays none of them (it is stopped): the oldest stays, as the lag's floor. */
const MAX_SAMPLES = 1000;

export class ReplicaLag {
  #samples: Array<{ lsn: bigint; at: number }> = [];
  /** The replica's replayed position at the last check (-1 before the first). */
  replayed = -1n;

  /** The primary's position now. */
  sample(lsn: bigint, at = Date.now()): void {
    this.#samples.push({ lsn, at });
    if (this.#samples.length > MAX_SAMPLES) this.#samples.splice(1, 1);
  }

  /** The replica's position now. */
  replayedTo(lsn: bigint): void {
    this.replayed = lsn;
  }

  /**
   * The lag in seconds (tenths): the age of the newest sample replayed. While none is, the oldest sample's age
   * is the least it can be, once that is known to matter (more than `floorFrom`); until then null: not known.
   */
  seconds(floorFrom: number, now = Date.now()): number | null {
    let newest = -1;
    for (let i = this.#samples.length - 1; i >= 0; i--) {
      if (this.#samples[i]!.lsn <= this.replayed) {
        newest = i;
        break;
      }
    }
    if (newest >= 0) {
      // Older samples tell nothing more: the replica has replayed past them.
      this.#samples.splice(0, newest);
      return tenths(now - this.#samples[0]!.at);
    }
    const oldest = this.#samples[0];
    if (!oldest) return null;
    const floor = tenths(now - oldest.at);
    return floor > floorFrom ? floor : null;
  }
}

function tenths(ms: number): number {
  return Math.round(Math.max(0, ms) / 100) / 10;
}
