import type { Translate } from '../../../core/i18n.ts';
import type { OutgoingMessage } from '../../messaging/index.ts';

/** Params as the message shows them: long reader texts cut, line breaks folded (a title stays one line). */
const MAX_PARAM = 300;
export function plainParams(params: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => {
    const s = String(v).replace(/\s+/g, ' ').trim();
    return [k, s.length > MAX_PARAM ? `${s.slice(0, MAX_PARAM)}…` : s];
  }));
}

/** The console address a link points to: the console's base (config consoleUrl) and the path, or the path alone. */
export function consoleAddress(link: string, consoleUrl?: string): string {
  return consoleUrl ? new URL(link.replace(/^\/+/, ''), consoleUrl.endsWith('/') ? consoleUrl : `${consoleUrl}/`).toString() : link;
}

/** Every param the event messages name (messages.ts), shown as "-" when an event leaves one out. */
const MISSING = Object.fromEntries(['title', 'user', 'step', 'result', 'comment', 'target', 'site', 'error', 'name', 'content', 'form', 'entryId'].map((k) => [k, '-']));

/**
 * One event's message in `t`'s language, as plain text: every channel sends text (robots' `text`
 * message type, e-mail's text part), so what a reader or editor typed is never read as markup.
 * A param missing from the event shows as "-".
 */
export function eventMessage(t: Translate, type: string, params: Record<string, string | number>, link?: string | null, consoleUrl?: string): OutgoingMessage {
  const p = { ...MISSING, ...plainParams(params) };
  // A review's result is a word of the message's language, not the event's code.
  if (params.result === 'approved' || params.result === 'rejected') p.result = t(`pusher.result.${params.result}`);
  const subject = t(`pusher.event.${type}.title`, p);
  const body = t(`pusher.event.${type}.text`, p);
  return { subject, text: link ? `${body}\n\n${t('pusher.link', { url: consoleAddress(link, consoleUrl) })}` : body };
}
