import { fetchCaptcha } from '../../stores/session.ts';
import { textsArrived, translate } from '../../lib/i18n/i18n.ts';
import type { FieldErrors } from '../../lib/forms/validate.ts';

type Checks = typeof import('./checks.ts');

/**
 * The form's checks (checks.ts: the shared zod schemas, ~23 KiB compressed) are not part of the
 * page's first load, so the sign-in page is ready sooner on a slow network (issue 34: ≤ 80 KiB).
 * They are fetched once the user starts on the form (a key, a pointer) and awaited on submit,
 * their messages' texts with them. Null when they cannot be fetched: the server checks anyway and
 * names the fields it refuses.
 */
export function lazyChecks(form: HTMLFormElement): () => Promise<Checks | null> {
  let loading: Promise<Checks> | undefined;
  const load = () => {
    loading ??= import('./checks.ts').then(async (m) => {
      await textsArrived();
      return m;
    });
    // A failed fetch is tried again on the next submit.
    return loading.catch(() => {
      loading = undefined;
      return null;
    });
  };
  for (const type of ['keydown', 'pointerdown']) form.addEventListener(type, () => void load(), { once: true, passive: true });
  return load;
}

/** Small DOM helpers shared by the sign-in and registration scripts. */

export function input(form: HTMLFormElement, name: string): HTMLInputElement {
  const el = form.elements.namedItem(name);
  if (!(el instanceof HTMLInputElement)) throw new Error(`form field ${name} missing`);
  return el;
}

/** Shows each field's message under it (or clears it) and marks the input invalid. */
export function showErrors(form: HTMLFormElement, names: readonly string[], errors: FieldErrors): void {
  for (const name of names) {
    const field = input(form, name);
    const slot = form.querySelector<HTMLElement>(`#${field.id}-error`);
    const text = errors[name];
    field.classList.toggle('p-invalid', Boolean(text));
    field.toggleAttribute('aria-invalid', Boolean(text));
    if (slot) {
      slot.textContent = text ?? '';
      slot.hidden = !text;
    }
  }
  const first = names.find((n) => errors[n]);
  if (first) input(form, first).focus();
}

/** Clears a field's message as soon as the user edits it. */
export function clearErrorOnInput(form: HTMLFormElement, names: readonly string[]): void {
  for (const name of names) {
    const field = input(form, name);
    field.addEventListener('input', () => {
      if (!field.classList.contains('p-invalid')) return;
      field.classList.remove('p-invalid');
      field.removeAttribute('aria-invalid');
      const slot = form.querySelector<HTMLElement>(`#${field.id}-error`);
      if (slot) slot.hidden = true;
    });
  }
}

/** Puts the submit button into its loading state with the matching label. */
export function setBusy(button: HTMLButtonElement, busy: boolean, idleKey: string, busyKey: string): void {
  button.disabled = busy;
  button.setAttribute('aria-busy', String(busy));
  const label = button.querySelector<HTMLElement>('[data-submit-label]');
  if (label) {
    label.dataset.i18n = busy ? busyKey : idleKey;
    label.textContent = translate(label.dataset.i18n);
  }
}

/** Show/hide buttons next to password inputs. */
export function wirePasswordToggles(root: ParentNode, showKey: string, hideKey: string): void {
  for (const toggle of root.querySelectorAll<HTMLButtonElement>('[data-password-toggle]')) {
    const target = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLInputElement | null;
    if (!target) continue;
    const sync = () => {
      const shown = target.type === 'text';
      toggle.setAttribute('aria-pressed', String(shown));
      // The key too: the page's language, applied after this first runs, re-reads it (lib/i18n/dom.ts).
      const key = shown ? hideKey : showKey;
      toggle.setAttribute('data-i18n-aria-label', key);
      toggle.setAttribute('aria-label', translate(key));
      toggle.querySelector<HTMLElement>('[data-icon-show]')!.hidden = shown;
      toggle.querySelector<HTMLElement>('[data-icon-hide]')!.hidden = !shown;
    };
    toggle.addEventListener('click', () => {
      target.type = target.type === 'password' ? 'text' : 'password';
      sync();
    });
    sync();
  }
}

export interface CaptchaControl {
  /** false once the server said the captcha is off */
  readonly enabled: boolean;
  readonly uuid: string;
  refresh(): Promise<void>;
}

/**
 * The captcha block: loads an image (spec §7 GET /captchaImage), refreshes on click, and hides
 * itself when the server has the captcha turned off.
 */
export function captchaControl(form: HTMLFormElement, codeName = 'code'): CaptchaControl {
  const block = form.querySelector<HTMLElement>('[data-captcha]');
  const img = form.querySelector<HTMLImageElement>('[data-captcha-refresh] img');
  const button = form.querySelector<HTMLButtonElement>('[data-captcha-refresh]');
  const state = { enabled: true, uuid: '' };
  let seq = 0;
  const control: CaptchaControl = {
    get enabled() {
      return state.enabled;
    },
    get uuid() {
      return state.uuid;
    },
    async refresh() {
      const mine = ++seq;
      try {
        const c = await fetchCaptcha();
        if (mine !== seq) return; // a later click won
        state.enabled = c.enabled;
        state.uuid = c.uuid;
        if (block) block.hidden = !c.enabled;
        if (img) {
          if (c.src) img.src = c.src;
          else img.removeAttribute('src');
        }
        input(form, codeName).value = '';
      } catch {
        // The request layer has shown why; the user can click the image to try again.
      }
    },
  };
  button?.addEventListener('click', () => void control.refresh());
  return control;
}
