import '../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { bootLanguage } from '../i18n/boot.ts';
import auth from '../../lib/i18n/ns/auth.ts';
import { LOGIN_PATH } from '../../../shared/constants.ts';
import { register } from '../../stores/session.ts';
import { flash } from '../../stores/notify.ts';
import { mountLiteNotifyHost } from '../notify/notify-lite.ts';
import { mountLanguageSelects } from '../i18n/language-select.ts';
import { captchaControl, clearErrorOnInput, input, lazyChecks, setBusy, showErrors, wirePasswordToggles } from './form-kit.ts';

const FIELDS = ['username', 'password', 'confirmPassword', 'code'] as const;

/** Enhances the prerendered registration form (pages/register.astro). */
export function mountRegisterForm(form: HTMLFormElement): void {
  mountLiteNotifyHost();
  mountLanguageSelects();
  void bootLanguage();

  const submit = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  wirePasswordToggles(form, auth.key('login.showPassword'), auth.key('login.hidePassword'));
  clearErrorOnInput(form, FIELDS);
  const captcha = captchaControl(form);
  void captcha.refresh();

  const checks = lazyChecks(form);
  let busy = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    const c = await checks();
    const labels = {
      username: auth.t('register.username'),
      password: auth.t('register.password'),
      confirmPassword: auth.t('register.confirmPassword'),
      code: auth.t('register.code'),
    };
    const values = {
      username: input(form, 'username').value.trim(),
      password: input(form, 'password').value,
      confirmPassword: input(form, 'confirmPassword').value,
      code: captcha.enabled ? input(form, 'code').value.trim() : undefined,
      uuid: captcha.enabled ? captcha.uuid : undefined,
    };
    const errors = c ? c.validate(c.registerBody, values, labels) : {};
    if (c && captcha.enabled && !values.code) errors.code ??= c.requiredText('code', labels);
    showErrors(form, FIELDS, errors);
    if (Object.keys(errors).length) {
      busy = false;
      return;
    }

    setBusy(submit, true, auth.key('register.submit'), auth.key('register.submitting'));
    try {
      await register(values);
      flash({ severity: 'success', summary: auth.t('register.success', { username: values.username }), kind: 'message' });
      location.assign(LOGIN_PATH);
    } catch {
      busy = false;
      setBusy(submit, false, auth.key('register.submit'), auth.key('register.submitting'));
      if (captcha.enabled) void captcha.refresh();
    }
  });
}
