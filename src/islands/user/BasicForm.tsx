import { useEffect, useState, type FormEvent } from 'react';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { Button } from 'primereact/button';
import { useT } from '../../lib/i18n/react.ts';
import user from '../../lib/i18n/ns/user.ts';
import { validate, type FieldErrors } from '../../lib/forms/validate.ts';
import { profileBody } from '../../../shared/validators/profile.ts';
import { message } from '../../stores/notify.ts';
import { refreshSessionUser, saveProfile, type Profile } from './api.ts';
import { Field } from './Field.tsx';

const GENDERS = [
  ['0', 'basic.male'],
  ['1', 'basic.female'],
  ['2', 'basic.unknown'],
] as const;

/** Basic data: nickname, phone, email, gender (PUT /system/user/profile). */
export function BasicForm({ profile, onSaved }: { profile: Profile | null; onSaved(p: Partial<Profile>): void }) {
  const t = useT(user);
  const [values, setValues] = useState({ nickName: '', phoneNumber: '', email: '', sex: '2' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (profile) setValues({ nickName: profile.nickName ?? '', phoneNumber: profile.phoneNumber ?? '', email: profile.email ?? '', sex: profile.sex ?? '2' });
  }, [profile]);

  const labels = { nickName: t('basic.nickName'), phoneNumber: t('basic.phoneNumber'), email: t('basic.email'), sex: t('basic.sex') };
  const set = (k: keyof typeof values, v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    if (errors[k]) setErrors((e) => ({ ...e, [k]: '' }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validate(profileBody, values, labels);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      const body = profileBody.parse(values);
      await saveProfile(body);
      message.success(t('basic.saved'));
      onSaved(body);
      await refreshSessionUser().catch(() => {});
    } catch {
      // the request layer has shown the server's message
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="account-form" onSubmit={(e) => void submit(e)} noValidate data-testid="basic-form">
      <Field id="basic-nickName" label={labels.nickName} error={errors.nickName} required>
        {(aria) => <InputText id="basic-nickName" value={values.nickName} maxLength={30} onChange={(e) => set('nickName', e.target.value)} invalid={!!errors.nickName} {...aria} />}
      </Field>
      <Field id="basic-phoneNumber" label={labels.phoneNumber} error={errors.phoneNumber}>
        {(aria) => <InputText id="basic-phoneNumber" value={values.phoneNumber} maxLength={11} inputMode="tel" onChange={(e) => set('phoneNumber', e.target.value)} invalid={!!errors.phoneNumber} {...aria} />}
      </Field>
      <Field id="basic-email" label={labels.email} error={errors.email}>
        {(aria) => <InputText id="basic-email" value={values.email} maxLength={100} inputMode="email" onChange={(e) => set('email', e.target.value)} invalid={!!errors.email} {...aria} />}
      </Field>
      <Field id="basic-sex" label={labels.sex} error={errors.sex}>
        {(aria) => <div className="account-radios" role="radiogroup" id="basic-sex" aria-label={labels.sex} {...aria}>
          {GENDERS.map(([value, key]) => (
            <label key={value} className="account-radio">
              <RadioButton inputId={`basic-sex-${value}`} name="sex" value={value} checked={values.sex === value} onChange={() => set('sex', value)} />
              <span>{t(key)}</span>
            </label>
          ))}
        </div>}
      </Field>
      <div className="account-form-actions">
        <Button type="submit" label={t('basic.save')} loading={busy} disabled={!profile} data-testid="basic-save" />
      </div>
    </form>
  );
}
