import { $confirms, $notices, restoreFlash, settleConfirm, takeNotices, type ConfirmRequest, type Notice } from '../../stores/notify.ts';
import { $announcements } from '../../stores/announcer.ts';
import { LIVE_REGIONS, type Announcement } from '../../lib/a11y/announce.ts';
import { iconSvg, type IconName } from '../../lib/icons.ts';
import common from '../../lib/i18n/ns/common.ts';

/**
 * Renders the notify store with plain DOM and the theme's Toast/ConfirmDialog classes, so pages
 * that load no React (sign-in, registration) look the same as the rest of the console.
 */

const ICON: Record<Notice['severity'], IconName> = { success: 'success', info: 'info', warn: 'warn', error: 'error' };

let mounted = false;

export function mountLiteNotifyHost(): void {
  if (mounted) return;
  mounted = true;
  const messages = stack('top-center', true);
  const notifications = stack('top-right', false);
  $announcements.subscribe(sayIn);
  restoreFlash();
  $notices.subscribe(() => {
    for (const n of takeNotices()) show(n.kind === 'notification' ? notifications : messages, n);
  });
  let open: number | null = null;
  $confirms.subscribe((list) => {
    const first = list[0];
    if (first && first.id !== open) {
      open = first.id;
      showConfirm(first, () => (open = null));
    }
  });
}

function stack(position: 'top-center' | 'top-right', compact: boolean): HTMLElement {
  const el = document.createElement('div');
  el.className = `p-toast p-component notice-stack ${position}${compact ? ' notice-compact' : ''}`;
  document.body.append(el);
  return el;
}

/** The layout's live regions (LiveRegions.astro) hold what the announcer says, one element per message. */
function sayIn(said: readonly Announcement[]) {
  for (const r of LIVE_REGIONS) {
    const region = document.getElementById(r.id);
    if (!region) continue;
    const mine = said.filter((a) => a.politeness === r.politeness);
    const ids = new Set(mine.map((a) => String(a.id)));
    for (const el of [...region.children]) if (!ids.has((el as HTMLElement).dataset.id ?? '')) el.remove();
    for (const a of mine) {
      if (region.querySelector(`[data-id="${a.id}"]`)) continue;
      const line = document.createElement('div');
      line.dataset.id = String(a.id);
      line.textContent = a.text;
      region.append(line);
    }
  }
}

function show(container: HTMLElement, n: Notice) {
  const item = document.createElement('div');
  item.className = `p-toast-message p-toast-message-${n.severity}`;
  // Not a live region: the announcer's regions, in the page before it, say the notice (stores/notify.ts).
  const content = document.createElement('div');
  content.className = 'p-toast-message-content';
  content.innerHTML = iconSvg(ICON[n.severity], 'p-toast-message-icon p-icon');
  const text = document.createElement('div');
  text.className = 'p-toast-message-text';
  if (n.summary) text.append(el('span', 'p-toast-summary', n.summary));
  if (n.detail) text.append(el('div', 'p-toast-detail', n.detail));
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'p-toast-icon-close p-link';
  close.setAttribute('aria-label', common.t('actions.close'));
  close.innerHTML = iconSvg('close', 'p-toast-icon-close-icon p-icon');
  content.append(text, close);
  item.append(content);
  container.append(item);
  const remove = () => {
    item.classList.add('notice-leave');
    setTimeout(() => item.remove(), 300);
  };
  close.addEventListener('click', remove);
  setTimeout(remove, n.life);
}

function showConfirm(req: ConfirmRequest, onClose: () => void) {
  const mask = document.createElement('div');
  mask.className = 'p-dialog-mask p-component-overlay p-component-overlay-enter confirm-mask';
  const dialog = document.createElement('div');
  dialog.className = 'p-dialog p-confirm-dialog p-component';
  dialog.setAttribute('role', 'alertdialog');
  dialog.setAttribute('aria-modal', 'true');
  // Named by its title (a level-2 heading, as the console's dialogs) and described by its question.
  const header = el('div', 'p-dialog-header', '');
  const title = el('span', 'p-dialog-title', req.header);
  title.id = `lite-confirm-${req.id}-title`;
  title.setAttribute('role', 'heading');
  title.setAttribute('aria-level', '2');
  header.append(title);
  dialog.setAttribute('aria-labelledby', title.id);
  const body = el('div', 'p-dialog-content', '');
  body.innerHTML = iconSvg(req.severity === 'danger' ? 'error' : req.severity === 'info' ? 'info' : 'warn', 'p-confirm-dialog-icon p-icon');
  const message = el('span', 'p-confirm-dialog-message', req.message);
  message.id = `lite-confirm-${req.id}-message`;
  body.append(message);
  dialog.setAttribute('aria-describedby', message.id);
  const footer = el('div', 'p-dialog-footer', '');
  const reject = button(req.rejectLabel, 'p-button p-component p-confirm-dialog-reject p-button-text');
  const accept = button(req.acceptLabel, 'p-button p-component p-confirm-dialog-accept');
  footer.append(reject, accept);
  dialog.append(header, body, footer);
  mask.append(dialog);
  document.body.append(mask);
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  accept.focus();
  const answer = (ok: boolean) => {
    mask.remove();
    onClose();
    settleConfirm(req.id, ok);
    if (opener?.isConnected) opener.focus();
  };
  // Modal, as the console's: Escape answers no, Tab stays on its two buttons.
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') answer(false);
    else if (event.key === 'Tab') {
      event.preventDefault();
      (document.activeElement === accept ? reject : accept).focus();
    }
  });
  accept.addEventListener('click', () => answer(true));
  reject.addEventListener('click', () => answer(false));
}

function el(tag: string, className: string, text: string): HTMLElement {
  const e = document.createElement(tag);
  e.className = className;
  if (text) e.textContent = text;
  return e;
}

function button(label: string, className: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.append(el('span', 'p-button-label', label));
  return b;
}
