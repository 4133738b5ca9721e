import { describe, expect, it } from 'vitest';
import { PollingWorker } from './polling-worker.ts';

describe('a polling worker', () => {
  it('drains until nothing is due, prunes at most once per period, and does nothing once stopped', async () => {
    let due = 3;
    let prunes = 0;
    const worker = new PollingWorker('test', { pollMs: 60_000, drain: async () => (due > 0 ? due-- : 0), prune: async () => void prunes++, pruneEveryMs: 60_000 });
    worker.start();
    await worker.tick();
    expect(due).toBe(0);
    due = 2;
    await worker.tick();
    expect([due, prunes]).toEqual([0, 1]);
    await worker.stop();
    due = 5;
    await worker.tick();
    expect(due).toBe(5);
  });

  it('survives a failing round and tries again the next one', async () => {
    let calls = 0;
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...a: unknown[]) => void errors.push(a);
    try {
      const worker = new PollingWorker('flaky', { pollMs: 60_000, drain: async () => { calls++; if (calls === 1) throw new Error('database away'); return 0; } });
      worker.start();
      await worker.tick();
      await worker.tick();
      await worker.stop();
    } finally {
      console.error = log;
    }
    expect(calls).toBe(2);
    expect(String(errors[0])).toContain('database away');
  });
});
