import { useState } from 'react';
import { InputText } from 'primereact/inputtext';
import { useT } from '../../../lib/i18n/react.ts';
import templates from '../../../lib/i18n/ns/templates.ts';
import { isTemplateName, TEMPLATE_SUFFIX } from '../../../../shared/cms/template-name.ts';
import { FormDialog } from '../../../components/form/FormDialog.tsx';

/** A name as typed, with the suffix added when it was left out (`news` → `news.template.html`). */
export const withSuffix = (name: string) => {
  const trimmed = name.trim();
  return trimmed && !trimmed.endsWith(TEMPLATE_SUFFIX) ? `${trimmed}${TEMPLATE_SUFFIX}` : trimmed;
};

interface Props {
  /** rename: the template's present name */
  current?: string;
  onSubmit(path: string): Promise<boolean>;
  onHide(): void;
}

/**
 * A new template's name, or a template's new one: letters, digits and underscores, optionally in
 * folders, ending in the suffix (added when left out), checked as the server checks it
 * (lib/cms/template-name.ts) so a wrong name is explained before it is sent.
 */
export function TemplateNameDialog({ current, onSubmit, onHide }: Props) {
  const t = useT(templates);
  const [name, setName] = useState(current ?? '');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const problem = (value: string) => (!value.trim() ? t('form.nameRequired') : isTemplateName(withSuffix(value)) ? '' : t('form.nameRule', { suffix: TEMPLATE_SUFFIX }));
  const error = touched ? problem(name) : '';

  async function submit() {
    setTouched(true);
    if (problem(name)) return;
    setSaving(true);
    const done = await onSubmit(withSuffix(name));
    setSaving(false);
    if (done) onHide();
  }

  return (
    <FormDialog formId="template-name" header={current ? t('form.renameTitle') : t('form.addTitle')} width="30rem" testId="template-name-dialog" saving={saving} dirty={name !== (current ?? '')} onSubmit={() => void submit()} onHide={onHide}>
      <div className="resource-form-row">
        <label htmlFor="template-name-input">{t('form.name')}</label>
        <div className="file-name-field">
          <InputText id="template-name-input" value={name} autoFocus maxLength={255} invalid={!!error} placeholder={`news${TEMPLATE_SUFFIX}`} onChange={(e) => { setName(e.target.value); setTouched(true); }} />
          <small className="file-name-where">{t('form.suffixHint', { suffix: TEMPLATE_SUFFIX })}</small>
          {error ? <small className="p-error" role="alert">{error}</small> : null}
        </div>
      </div>
    </FormDialog>
  );
}
