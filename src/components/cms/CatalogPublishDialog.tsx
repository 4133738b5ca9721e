import { useState } from 'react';
import { InputSwitch } from 'primereact/inputswitch';
import { useT } from '../../lib/i18n/react.ts';
import cms from '../../lib/i18n/ns/cms.ts';
import { ContentStatus } from '../../../shared/cms/content.ts';
import { publishQueued } from '../../stores/publish.ts';
import { $currentSite } from '../../stores/site.ts';
import { FormDialog } from '../form/FormDialog.tsx';
import { FormRow } from '../form/FormRow.tsx';
import { publishCatalog } from './publish-api.ts';
import { PublishStatusSelect } from './PublishStatusSelect.tsx';

/**
 * Publish a catalog (ChestnutCMS's catalog publish): its pages, with its sub-catalogs'
 * (publishChild) and the contents of one status (publishDetail, publishStatus); the site's index
 * follows. Once queued, the shell's progress view opens on the current site's run.
 */
export default function CatalogPublishDialog({ catalogId, name, onHide }: { catalogId: number; name: string; onHide(): void }) {
  const t = useT(cms);
  const [children, setChildren] = useState(true);
  const [contents, setContents] = useState(true);
  const [status, setStatus] = useState<string>(ContentStatus.PUBLISHED);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setSaving(true);
    try {
      await publishCatalog(catalogId, { publishChild: children, publishDetail: contents, publishStatus: status });
      onHide();
      await publishQueued({ siteId: $currentSite.get() });
    } catch {
      // The request layer has shown the server's reason (a link catalog has no pages of its own).
      setSaving(false);
    }
  };

  return (
    <FormDialog formId="catalog-publish-form" header={t('publish.catalogTitle', { name })} width="520px" className="resource-dialog" testId="catalog-publish-dialog" saving={saving} submitLabel={t('publish.action')} submitIcon="pi pi-send" onSubmit={() => void submit()} onHide={onHide}>
      <FormRow id="catalog-publish-children" label={t('publish.children')} testKey="publishChild">
        {(aria) => <InputSwitch inputId="catalog-publish-children" {...aria} checked={children} onChange={(e) => setChildren(!!e.value)} />}
      </FormRow>
      <FormRow id="catalog-publish-contents" label={t('publish.contents')} testKey="publishDetail">
        {(aria) => <InputSwitch inputId="catalog-publish-contents" {...aria} checked={contents} onChange={(e) => setContents(!!e.value)} />}
      </FormRow>
      {contents ? (
        <FormRow id="catalog-publish-status" label={t('publish.status')} testKey="publishStatus" hint={<small className="resource-form-hint">{t('publish.statusHint')}</small>}>
          <PublishStatusSelect id="catalog-publish-status" value={status} onChange={setStatus} />
        </FormRow>
      ) : null}
    </FormDialog>
  );
}
