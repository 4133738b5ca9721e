import { useState } from 'react';
import { RadioButton } from 'primereact/radiobutton';
import { useT } from '../../lib/i18n/react.ts';
import cms from '../../lib/i18n/ns/cms.ts';
import { ContentStatus } from '../../../shared/cms/content.ts';
import { publishQueued } from '../../stores/publish.ts';
import { FormDialog } from '../form/FormDialog.tsx';
import { FormRow } from '../form/FormRow.tsx';
import { publishSite } from './publish-api.ts';
import { PublishStatusSelect } from './PublishStatusSelect.tsx';

/**
 * Publish a site (ChestnutCMS's site publish): its index page only, or the whole site — every
 * catalog's pages and the contents of one status (published ones again by default), then the
 * index. Once queued, the shell's progress view opens on that site's run.
 */
export default function SitePublishDialog({ siteId, name, onHide }: { siteId: string; name: string; onHide(): void }) {
  const t = useT(cms);
  const [indexOnly, setIndexOnly] = useState(false);
  const [status, setStatus] = useState<string>(ContentStatus.PUBLISHED);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setSaving(true);
    try {
      await publishSite(siteId, { publishIndex: indexOnly, contentStatus: status });
      onHide();
      await publishQueued({ siteId, siteName: name });
    } catch {
      // The request layer has shown the server's reason.
      setSaving(false);
    }
  };

  return (
    <FormDialog formId="site-publish-form" header={t('publish.siteTitle', { name })} width="520px" className="resource-dialog" testId="site-publish-dialog" saving={saving} submitLabel={t('publish.action')} submitIcon="pi pi-send" onSubmit={() => void submit()} onHide={onHide}>
      <FormRow id="site-publish-scope" label={t('publish.scope')} testKey="publishIndex">
        <div className="field-radios" role="radiogroup" id="site-publish-scope">
          <label className="field-radio">
            <RadioButton inputId="site-publish-whole" name="scope" value="whole" checked={!indexOnly} onChange={() => setIndexOnly(false)} />
            <span>{t('publish.wholeSite')}</span>
          </label>
          <label className="field-radio">
            <RadioButton inputId="site-publish-index" name="scope" value="index" checked={indexOnly} onChange={() => setIndexOnly(true)} />
            <span>{t('publish.indexOnly')}</span>
          </label>
        </div>
      </FormRow>
      {indexOnly ? null : (
        <FormRow id="site-publish-status" label={t('publish.status')} testKey="contentStatus" hint={<small className="resource-form-hint">{t('publish.statusHint')}</small>}>
          <PublishStatusSelect id="site-publish-status" value={status} onChange={setStatus} />
        </FormRow>
      )}
    </FormDialog>
  );
}
