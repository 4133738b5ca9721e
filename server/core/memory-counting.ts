/**
 * What counters that add up readers' events in memory and write them in batches share (the ad
 * counter, the view counter): a per-address cap in fixed windows, and the loop that writes what
 * was counted every so often and once more when the server closes.
 */

/** At most this many addresses are remembered; past it the windows start again (a flood's memory is bounded). */
const ADDRESSES_MAX = 200_000;

/** How many events one address may count per window: inflation by one machine is capped. */
export class AddressCap {
  private readonly windows = new Map<string, { start: number; n: number }>();
  private readonly limits: () => { perAddress: number; windowMs: number };
  /** `limits` is read on each event, so a counter's options may change (tests do). */
  constructor(limits: () => { perAddress: number; windowMs: number }) {
    this.limits = limits;
  }

  /** Whether `address` may still count an event in its window (and takes one of its events). */
  admits(address: string, now: number): boolean {
    const { perAddress, windowMs } = this.limits();
    let w = this.windows.get(address);
    if (!w || now - w.start >= windowMs) {
      if (!w && this.windows.size >= ADDRESSES_MAX) this.windows.clear();
      w = { start: now, n: 0 };
      this.windows.set(address, w);
    }
    if (w.n >= perAddress) return false;
    w.n++;
    return true;
  }

  /** Seconds until `address`'s window ends (a refusal's Retry-After). */
  secondsLeft(address: string, now = Date.now()): number {
    const w = this.windows.get(address);
    return w ? Math.max(1, Math.ceil((w.start + this.limits().windowMs - now) / 1000)) : 1;
  }
}

/** Writes what a counter holds every `everyMs` (a failed write is tried again next time), and once more on stop. */
export class FlushLoop {
  private timer: NodeJS.Timeout | null = null;
  private readonly flush: () => Promise<void>;
  private readonly everyMs: () => number;
  constructor(flush: () => Promise<void>, everyMs: () => number) {
    this.flush = flush;
    this.everyMs = everyMs;
  }

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush().catch(() => undefined), this.everyMs());
    this.timer.unref();
  }

  /** Stops the timer and writes what is left (the server's close, before the database's). */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
