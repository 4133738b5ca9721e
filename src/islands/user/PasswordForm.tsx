import { useEffect, useState, type FormEvent } from 'react';
import { Password } from 'primereact/password';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useT } from '../../lib/i18n/react.ts';
import user from '../../lib/i18n/ns/user.ts';
import { translate } from '../../lib/i18n/i18n.ts';
import { validate, type FieldErrors } from '../../lib/forms/validate.ts';
import { updatePasswordBody } from '../../../shared/validators/profile.ts';
import { checkPassword } from '../../../shared/validators/password-policy.ts';
import { message } from '../../stores/notify.ts';
import { $passwordDemand } from '../../stores/session.ts';
import { useHydratedStore } from '../../lib/react/use-store.ts';
import { changePassword, fetchSecurity, refreshSessionUser, type Profile, type SecurityCurrent } from './api.ts';
import { Field } from './Field.tsx';
import type { FieldAria } from '../../lib/forms/field-aria.ts';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };
type RuleHint = 'password.hintRule.LETTER_NUMBER' | 'password.hintRule.UPPER_LOW_LETTER_NUMBER' | 'password.hintRule.LETTER_NUMBER_SPECIAL' | 'password.hintRule.UPPER_LOW_LETTER_NUMBER_SPECIAL';

/**
 * Change password: the security config's rules are checked here with the shared policy module
 * (the server checks them again). Success clears the form and refreshes the session, which ends a
 * forced change or an expired password.
 */
export function PasswordForm({ profile }: { profile: Profile | null }) {
  const t = useT(user);
  const demand = useHydratedStore($passwordDemand, null);
  const [policy, setPolicy] = useState<SecurityCurrent | null>(null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void fetchSecurity().then(setPolicy);
  }, []);

  const labels = { oldPassword: t('password.oldPassword'), newPassword: t('password.newPassword'), confirmPassword: t('password.confirmPassword') };
  const set = (k: keyof typeof values, v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    if (errors[k]) setErrors((e) => ({ ...e, [k]: '' }));
  };

  function check(): FieldErrors {
    const found = validate(updatePasswordBody, values, labels);
    if (!found.newPassword && policy) {
      const issue = checkPassword(values.newPassword, policy, profile ?? {});
      if (issue) found.newPassword = translate(`validation:${issue.key}`, issue.params);
    }
    return found;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await changePassword(values);
      message.success(t('password.changed'));
      setValues(EMPTY);
      setErrors({});
      // The change ends a forced change and resets the expiry clock.
      await refreshSessionUser({ isPasswordExpired: false }).catch(() => {});
    } catch {
      // the request layer has shown the server's message
    } finally {
      setBusy(false);
    }
  }

  const hint = policy
    ? [
        t('password.hintLength', { min: policy.passwordLenMin, max: policy.passwordLenMax }),
        policy.passwordRule !== 'NONE' ? t(`password.hintRule.${policy.passwordRule}` as RuleHint) : '',
        policy.passwordSensitive.length ? t('password.hintSensitive') : '',
      ]
        .filter(Boolean)
        .join('; ')
    : '';

  const input = (name: keyof typeof values, placeholder: string, autoComplete: string) => (aria: FieldAria) => (
    <Password
      inputId={`pwd-${name}`}
      value={values[name]}
      onChange={(e) => set(name, e.target.value)}
      feedback={false}
      toggleMask
      placeholder={placeholder}
      autoComplete={autoComplete}
      maxLength={128}
      invalid={!!errors[name]}
      {...aria}
    />
  );

  return (
    <form className="account-form" onSubmit={(e) => void submit(e)} noValidate data-testid="password-form">
      {demand && <Message severity="warn" text={demand === 'expired' ? t('password.expired') : t('password.demand')} className="account-demand" />}
      <Field id="pwd-oldPassword" label={labels.oldPassword} error={errors.oldPassword} required>
        {input('oldPassword', t('password.oldPlaceholder'), 'current-password')}
      </Field>
      <Field id="pwd-newPassword" label={labels.newPassword} error={errors.newPassword} hint={hint} required>
        {input('newPassword', t('password.newPlaceholder'), 'new-password')}
      </Field>
      <Field id="pwd-confirmPassword" label={labels.confirmPassword} error={errors.confirmPassword} required>
        {input('confirmPassword', t('password.confirmPlaceholder'), 'new-password')}
      </Field>
      <div className="account-form-actions">
        <Button type="submit" label={t('password.save')} loading={busy} data-testid="password-save" />
      </div>
    </form>
  );
}
