import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { useT } from '../../lib/i18n/react.ts';
import resource from '../../lib/i18n/ns/resource.ts';
import { useFieldAria } from '../../components/form/field-aria.ts';

interface Props {
  id: string;
  value: unknown;
  /** a secret is stored: empty keeps it, and it can be removed */
  stored: boolean;
  invalid?: boolean;
  onChange(value: string | null): void;
}

/**
 * A write-only secret (a variant field's 'password' sub-field). The stored one never reaches the
 * console: empty keeps it, typing replaces it, Remove sends null.
 */
export function SecretInput({ id, value, stored, invalid, onChange }: Props) {
  const t = useT(resource);
  const removing = value === null;
  const aria = useFieldAria(id, { 'aria-invalid': invalid || undefined });
  return (
    <div className="secret-input">
      <InputText
        id={id}
        type="password"
        autoComplete="new-password"
        className={invalid ? 'p-invalid' : undefined}
        {...aria}
        value={removing ? '' : String(value ?? '')}
        disabled={removing}
        placeholder={removing ? t('secret.removing') : stored ? t('secret.kept') : ''}
        onChange={(e) => onChange(e.target.value)}
      />
      {stored ? (
        <Button type="button" text size="small" severity={removing ? 'secondary' : 'danger'} label={t(removing ? 'secret.undo' : 'secret.remove')} onClick={() => onChange(removing ? '' : null)} />
      ) : null}
    </div>
  );
}
