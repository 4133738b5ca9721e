import { useState } from 'react';
import { InputText } from 'primereact/inputtext';
import { useT } from '../../../lib/i18n/react.ts';
import files from '../../../lib/i18n/ns/files.ts';
import { parseSitePath, suffixOf, TEXT_SUFFIXES } from '../../../../shared/cms/site-files.ts';
import { FormDialog } from '../../../components/form/FormDialog.tsx';

export type NameKind = 'folder' | 'file' | 'rename';

interface Props {
  kind: NameKind;
  /** the folder the name goes into */
  dir: string;
  /** rename: the entry's present name and whether it is a folder */
  current?: { name: string; isDirectory: boolean };
  onSubmit(name: string): Promise<boolean>;
  onHide(): void;
}

/**
 * The name of a new folder, a new text file, or an entry's new name, checked as the server checks
 * it (src/lib/cms/site-files.ts) so a wrong name is explained before it is sent.
 */
export function NameDialog({ kind, dir, current, onSubmit, onHide }: Props) {
  const t = useT(files);
  const [name, setName] = useState(current?.name ?? '');
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState(false);
  const folder = kind === 'folder' || (kind === 'rename' && !!current?.isDirectory);
  const inTemplates = /^[^/]+\/template(\/|$)/.test(dir);

  function problem(value: string): string {
    if (!value.trim()) return t('form.nameRequired');
    const parsed = parseSitePath(`${dir}/${value.trim()}`, folder ? 'folder' : 'file');
    if (!parsed.ok) return folder ? t('form.folderRule') : inTemplates ? t('form.templateRule') : t('form.fileRule', { types: TEXT_SUFFIXES.map((s) => `.${s}`).join(' ') });
    if (kind === 'file' && !inTemplates && !(TEXT_SUFFIXES as readonly string[]).includes(suffixOf(value))) return t('form.fileRule', { types: TEXT_SUFFIXES.map((s) => `.${s}`).join(' ') });
    if (kind === 'rename' && !folder && suffixOf(value) !== suffixOf(current!.name)) return t('form.suffixFixed', { ext: suffixOf(current!.name) });
    return '';
  }
  const error = touched ? problem(name) : '';
  const title = kind === 'folder' ? t('form.newFolderTitle') : kind === 'file' ? t('form.newFileTitle') : t('form.renameTitle');

  async function submit() {
    setTouched(true);
    if (problem(name)) return;
    setSaving(true);
    const done = await onSubmit(name.trim());
    setSaving(false);
    if (done) onHide();
  }

  return (
    <FormDialog formId="file-name" header={title} width="28rem" testId="file-name-dialog" saving={saving} dirty={name !== (current?.name ?? '')} onSubmit={() => void submit()} onHide={onHide}>
      <div className="resource-form-row">
        <label htmlFor="file-name-input">{t('form.name')}</label>
        <div className="file-name-field">
          <InputText id="file-name-input" value={name} autoFocus maxLength={100} invalid={!!error} onChange={(e) => { setName(e.target.value); setTouched(true); }} />
          <small className="file-name-where">{t('form.in', { path: dir })}</small>
          {error ? <small className="p-error" role="alert">{error}</small> : null}
        </div>
      </div>
    </FormDialog>
  );
}
