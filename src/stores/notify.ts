import { atom } from 'nanostores';
import { FLASH_STORAGE_KEY, MESSAGE_DURATION_MS } from '../../shared/constants.ts';
import { readJson, writeItem, writeJson } from '../lib/web-storage.ts';
import { noticeText, politenessOf } from '../lib/a11y/announce.ts';
import { announce } from './announcer.ts';

/**
 * Messages and confirmations as data. Code that has something to say (the request layer, stores,
 * forms) queues it here; whichever host the page mounts (the PrimeReact Toast/ConfirmDialog island,
 * or the light DOM renderer of the sign-in pages) drains the queue and shows it. Nothing here knows
 * about PrimeReact. Every notice is also said to screen readers as it is queued (the announcer's
 * live regions, there before the first notice; the toasts themselves are not live regions).
 */

export type Severity = 'success' | 'info' | 'warn' | 'error';

export interface Notice {
  id: number;
  severity: Severity;
  /** 'message': a short text at the top centre; 'notification': a titled card at the top right. */
  kind: 'message' | 'notification';
  summary?: string;
  detail?: string;
  /** milliseconds on screen */
  life: number;
}

export interface ConfirmOptions {
  header: string;
  message: string;
  acceptLabel: string;
  rejectLabel: string;
  severity?: 'info' | 'warn' | 'danger';
}

export interface ConfirmRequest extends ConfirmOptions {
  id: number;
}

let nextId = 1;
const pendingConfirms = new Map<number, (ok: boolean) => void>();

/** Notices waiting for a host. */
export const $notices = atom<Notice[]>([]);
/** Open confirmations, oldest first; a host shows the first. */
export const $confirms = atom<ConfirmRequest[]>([]);

export function notify(notice: Omit<Notice, 'id' | 'life' | 'kind'> & Partial<Pick<Notice, 'life' | 'kind'>>): number {
  const id = nextId++;
  $notices.set([...$notices.get(), { kind: 'message', life: MESSAGE_DURATION_MS, ...notice, id }]);
  announce(noticeText(notice.summary, notice.detail), politenessOf(notice.severity));
  return id;
}

/** Element-style one-line messages (spec §8 "error message", "warning message"). */
// The text goes in `summary`: toasts always render a summary line, a one-liner needs nothing else.
export const message = {
  success: (text: string) => notify({ severity: 'success', summary: text }),
  info: (text: string) => notify({ severity: 'info', summary: text }),
  warning: (text: string) => notify({ severity: 'warn', summary: text }),
  error: (text: string) => notify({ severity: 'error', summary: text }),
};

/** A titled error card (spec §8 "error notification titled from the code table"). */
export const notifyError = (summary: string, detail?: string) => notify({ severity: 'error', kind: 'notification', summary, detail });

/** Hands every queued notice to a host and empties the queue. */
export function takeNotices(): Notice[] {
  const list = $notices.get();
  if (list.length) $notices.set([]);
  return list;
}

/** Asks a yes/no question; resolves true on accept, false on reject or dismissal. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  const id = nextId++;
  return new Promise<boolean>((resolve) => {
    pendingConfirms.set(id, resolve);
    $confirms.set([...$confirms.get(), { ...options, id }]);
  });
}

/** Called by the host when the user answers. */
export function settleConfirm(id: number, ok: boolean): void {
  const resolve = pendingConfirms.get(id);
  pendingConfirms.delete(id);
  $confirms.set($confirms.get().filter((c) => c.id !== id));
  resolve?.(ok);
}

type FlashNotice = Pick<Notice, 'severity' | 'detail' | 'summary' | 'kind'>;

/**
 * A notice for the next page: the console is a multi-page site, so "registered, now sign in" or
 * "could not load your account" must survive the navigation. Kept in sessionStorage.
 */
export function flash(notice: FlashNotice): void {
  // Without storage the message is lost, not the navigation.
  writeJson('sessionStorage', FLASH_STORAGE_KEY, [...readFlash(), notice]);
}

/** Moves notices flashed by the previous page into the queue; hosts call it once on start. */
export function restoreFlash(): void {
  const list = readFlash();
  if (!list.length) return;
  writeItem('sessionStorage', FLASH_STORAGE_KEY, null);
  for (const n of list) notify({ ...n, kind: n.kind ?? 'message' });
}

function readFlash(): FlashNotice[] {
  const stored = readJson('sessionStorage', FLASH_STORAGE_KEY);
  return Array.isArray(stored) ? (stored as FlashNotice[]) : [];
}
