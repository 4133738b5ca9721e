import { useState } from 'react';
import { Button } from 'primereact/button';
import { useT } from '../../../lib/i18n/react.ts';
import xmodelNs from '../../../lib/i18n/ns/xmodel.ts';
import { message } from '../../../stores/notify.ts';
import { ExtendFields } from './ExtendFields.tsx';
import { useExtend, type ExtendTarget } from './use-extend.ts';

/**
 * The extension fields of a site or a catalog on its Extend tab, with their own Save: the model
 * bound to sites (or catalogs) of the site. Nothing when none is bound.
 */
export function ExtendPanel({ target, canEdit }: { target: ExtendTarget; canEdit: boolean }) {
  const t = useT(xmodelNs);
  const ext = useExtend(target);
  const [saving, setSaving] = useState(false);
  if (ext.phase === 'ready' && !ext.model) return null;

  async function save() {
    const errs = ext.validate();
    if (Object.keys(errs).length) {
      message.error(t('invalid', { count: Object.keys(errs).length }));
      return;
    }
    setSaving(true);
    try {
      await ext.save();
      message.success(t('saved'));
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="xm-panel" data-testid="extend-panel" aria-labelledby="xm-panel-title">
      <h3 id="xm-panel-title">{ext.model ? `${t('title')} · ${ext.model.name}` : t('title')}</h3>
      <ExtendFields ext={ext} readOnly={!canEdit} />
      {canEdit && ext.model ? (
        <div className="xm-actions">
          <Button type="button" size="small" icon="pi pi-check" label={t('save')} loading={saving} disabled={!ext.dirty} onClick={() => void save()} data-testid="extend-save" />
        </div>
      ) : null}
    </section>
  );
}
