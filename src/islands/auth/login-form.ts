import '../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { safeRedirectTarget } from '../../lib/access/redirect.ts';
import { bootLanguage } from '../i18n/boot.ts';
import auth from '../../lib/i18n/ns/auth.ts';
import { fetchLoginConfig, login } from '../../stores/session.ts';
import { $rememberMe, $rememberedUserName } from '../../stores/remember.ts';
import { mountLiteNotifyHost } from '../notify/notify-lite.ts';
import { mountLanguageSelects } from '../i18n/language-select.ts';
import { captchaControl, clearErrorOnInput, input, lazyChecks, setBusy, showErrors, wirePasswordToggles } from './form-kit.ts';

const FIELDS = ['username', 'password', 'code'] as const;

/** Enhances the prerendered sign-in form (pages/login.astro). */
export function mountLoginForm(form: HTMLFormElement): void {
  mountLiteNotifyHost();
  mountLanguageSelects();
  void bootLanguage();

  const username = input(form, 'username');
  const password = input(form, 'password');
  const code = input(form, 'code');
  const remember = input(form, 'rememberMe');
  const submit = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  const registerLink = form.querySelector<HTMLElement>('[data-register-link]');

  // Remember me keeps the account name only, never the password.
  if ($rememberMe.get()) {
    username.value = $rememberedUserName.get();
    remember.checked = true;
  }
  wirePasswordToggles(form, auth.key('login.showPassword'), auth.key('login.hidePassword'));
  clearErrorOnInput(form, FIELDS);

  const captcha = captchaControl(form);
  void captcha.refresh();
  fetchLoginConfig()
    .then((cfg) => {
      if (registerLink) registerLink.hidden = !cfg.registerEnabled;
    })
    .catch(() => {
      /* shown by the request layer; the form still works */
    });

  const checks = lazyChecks(form);
  let busy = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    const c = await checks();
    const labels = { username: auth.t('login.username'), password: auth.t('login.password'), code: auth.t('login.code') };
    const values = {
      username: username.value.trim(),
      password: password.value,
      code: captcha.enabled ? code.value.trim() : undefined,
      uuid: captcha.enabled ? captcha.uuid : undefined,
    };
    const errors = c ? c.validate(c.loginBody, values, labels) : {};
    if (c && captcha.enabled && !values.code) errors.code ??= c.requiredText('code', labels);
    showErrors(form, FIELDS, errors);
    if (Object.keys(errors).length) {
      busy = false;
      return;
    }

    setBusy(submit, true, auth.key('login.submit'), auth.key('login.submitting'));
    if (remember.checked) {
      $rememberMe.set(true);
      $rememberedUserName.set(values.username);
    } else {
      $rememberMe.set(false);
      $rememberedUserName.set('');
    }
    try {
      await login(values);
      // Stay busy while the next page loads.
      location.assign(safeRedirectTarget(new URLSearchParams(location.search).get('redirect')));
    } catch {
      busy = false;
      setBusy(submit, false, auth.key('login.submit'), auth.key('login.submitting'));
      if (captcha.enabled) void captcha.refresh();
    }
  });
}
