import { useEffect, useRef, useState } from 'react';
import { SelectButton } from 'primereact/selectbutton';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useT } from '../../lib/i18n/react.ts';
import { useAnnouncedProgress } from '../widgets/use-announced-progress.ts';
import cms from '../../lib/i18n/ns/cms.ts';
import { RESOURCE_TYPES, resourceTypeOfSuffix, type ResourceType } from '../../../shared/cms/resource-types.ts';
import { extensionOf } from '../widgets/upload-rules.ts';
import { formatBytes } from '../../lib/sizes.ts';
import { FormDialog } from '../form/FormDialog.tsx';
import { fetchTypeRules, uploadToLibrary, type LibraryItem, type TypeRule } from './resource-api.ts';
import '../form/form.css';
import './cms-resource.css';

interface Props {
  /** only this type may be uploaded (the picker of an image field) */
  fixedType?: ResourceType;
  /** the library of this site rather than the current one's */
  siteId?: number;
  onUploaded(item: LibraryItem): void;
  onHide(): void;
}

/**
 * Upload to the current site's library: the type (which narrows the file chooser to the site's
 * suffixes for it), an optional name, the file, a progress bar, and the server's own message when
 * it refuses (the server decides by content; the checks here only save a wasted upload).
 */
export function UploadDialog({ fixedType, siteId, onUploaded, onHide }: Props) {
  const t = useT(cms);
  const [rules, setRules] = useState<TypeRule[]>([]);
  const [type, setType] = useState<ResourceType>(fixedType ?? 'image');
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  // Screen readers hear a long upload at each quarter (the notice after it says the end).
  useAnnouncedProgress(percent === null ? null : { percent, finished: false }, (news) => t('resource.uploading', { percent: news.kind === 'step' ? news.percent : 100 }));
  const [error, setError] = useState('');
  const picker = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void fetchTypeRules(siteId).then(setRules).catch(() => undefined);
  }, [siteId]);
  const rule = rules.find((r) => r.id === type);
  const typeLabel = (id: ResourceType) => t(`resource.types.${id}`);

  function choose(f: File | undefined) {
    setError('');
    if (!f) return;
    // A file of another type switches the type, unless the field asks for one kind only.
    const own = resourceTypeOfSuffix(extensionOf(f.name));
    const next = own && !fixedType ? own : type;
    setType(next);
    const r = rules.find((x) => x.id === next);
    if (r && !r.suffixes.includes(extensionOf(f.name))) setError(t('resource.badType', { type: typeLabel(next), types: r.suffixes.join(', ') }));
    else if (r && f.size > r.maxMb * 1024 * 1024) setError(t('resource.tooLarge', { size: r.maxMb }));
    setFile(f);
  }

  async function submit() {
    if (!file) return setError(t('resource.noFile'));
    if (error) return;
    setPercent(0);
    const out = await uploadToLibrary(file, { resourceType: type, name: name.trim() }, setPercent, t('resource.failed'), siteId);
    setPercent(null);
    if (!out.ok) return setError(out.message);
    onUploaded(out.item);
  }

  return (
    <FormDialog
      formId="resource-upload"
      header={t('resource.uploadTitle')}
      width="34rem"
      testId="resource-upload-dialog"
      saving={percent !== null}
      submitLabel={t('resource.upload')}
      submitIcon="pi pi-upload"
      dirty={!!file || name.trim() !== ''}
      onSubmit={() => void submit()}
      onHide={onHide}
    >
      <div className="resource-form-row">
        <label>{t('resource.type')}</label>
        <SelectButton
          value={type}
          options={(fixedType ? [fixedType] : RESOURCE_TYPES).map((id) => ({ value: id, label: typeLabel(id) }))}
          allowEmpty={false}
          disabled={!!fixedType || percent !== null}
          onChange={(e) => {
            if (!e.value) return;
            setType(e.value as ResourceType);
            setFile(null);
            setError('');
          }}
        />
      </div>
      <div className="resource-form-row">
        <label htmlFor="resource-upload-name">{t('resource.name')}</label>
        <InputText id="resource-upload-name" value={name} maxLength={255} placeholder={t('resource.namePlaceholder')} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="resource-form-row">
        <label>{t('resource.chooseFile')}</label>
        <div className="library-upload-file">
          <input ref={picker} type="file" hidden accept={rule?.suffixes.map((s) => `.${s}`).join(',')} data-testid="resource-upload-input"
            onChange={(e) => { choose(e.target.files?.[0]); e.target.value = ''; }} />
          <Button type="button" size="small" outlined icon="pi pi-folder-open" label={t('resource.chooseFile')} disabled={percent !== null} onClick={() => picker.current?.click()} />
          {file ? <span className="library-upload-chosen">{file.name} · {formatBytes(file.size)}</span> : null}
          {rule ? <small className="library-upload-accepts">{t('resource.accepts', { types: rule.suffixes.join(', '), size: rule.maxMb })}</small> : null}
        </div>
      </div>
      {percent !== null ? <ProgressBar value={percent} displayValueTemplate={() => t('resource.uploading', { percent })} className="library-upload-progress" /> : null}
      {error ? <div className="library-upload-error" role="alert">{error}</div> : null}
    </FormDialog>
  );
}
