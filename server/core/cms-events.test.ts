import { describe, expect, it } from 'vitest';
import { CmsEvents } from './cms-events.ts';
import type { DbOrTx } from '../db/client.ts';

const tx = {} as DbOrTx;

describe('CMS events', () => {
  it('hands each event to every listener with the emitter\'s transaction, until a listener is removed', async () => {
    const events = new CmsEvents();
    const seen: string[] = [];
    const stop = events.listen(async (t, e) => { expect(t).toBe(tx); seen.push(`a:${e.type}`); });
    events.listen(async (_t, e) => { seen.push(`b:${e.type}:${e.params.title}`); });
    await events.emit(tx, { type: 'CommentPending', siteId: 1, params: { title: 'x' } });
    stop();
    await events.emit(tx, { type: 'FormSubmitted', siteId: 1, params: { title: 'y' } });
    expect(seen).toEqual(['a:CommentPending', 'b:CommentPending:x', 'b:FormSubmitted:y']);
  });

  it('fails the emitter when a listener fails, so its transaction rolls back', async () => {
    const events = new CmsEvents();
    events.listen(async () => { throw new Error('outbox full'); });
    await expect(events.emit(tx, { type: 'PublishFailed', siteId: 1, params: {} })).rejects.toThrow('outbox full');
  });
});
