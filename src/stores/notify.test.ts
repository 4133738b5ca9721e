import { beforeEach, describe, expect, it } from 'vitest';
import { $confirms, $notices, confirm, flash, message, notifyError, restoreFlash, settleConfirm, takeNotices } from './notify.ts';
import { installFakeBrowser } from '../lib/testing/fake-browser.ts';

beforeEach(() => {
  installFakeBrowser();
  takeNotices();
});

describe('notify store', () => {
  it('queues messages and notifications for a host, 5 s each', () => {
    message.error('boom');
    message.warning('careful');
    notifyError('Forbidden');
    expect($notices.get().map((n) => [n.kind, n.severity, n.summary, n.life])).toEqual([
      ['message', 'error', 'boom', 5000],
      ['message', 'warn', 'careful', 5000],
      ['notification', 'error', 'Forbidden', 5000],
    ]);
    expect(takeNotices()).toHaveLength(3);
    expect($notices.get()).toEqual([]);
  });

  it('resolves confirmations with the answer', async () => {
    const answer = confirm({ header: 'h', message: 'm', acceptLabel: 'Yes', rejectLabel: 'No' });
    expect($confirms.get()).toHaveLength(1);
    settleConfirm($confirms.get()[0]!.id, true);
    await expect(answer).resolves.toBe(true);
    expect($confirms.get()).toEqual([]);
  });

  it('carries flashed notices to the next page once', () => {
    flash({ severity: 'success', summary: 'Registered', kind: 'message' });
    restoreFlash();
    expect(takeNotices()).toEqual([expect.objectContaining({ severity: 'success', summary: 'Registered' })]);
    restoreFlash();
    expect(takeNotices()).toEqual([]);
  });
});
