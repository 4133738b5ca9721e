import './widgets.css';
import { useStore } from '@nanostores/react';
import { ProgressSpinner } from 'primereact/progressspinner';
import { $downloading } from '../../lib/download.ts';
import { useT } from '../../lib/i18n/react.ts';
import widgets from '../../lib/i18n/ns/widgets.ts';

/** The loading overlay shown while a download runs (spec §4 "downloads show a loading overlay"). */
export function DownloadOverlay() {
  const t = useT(widgets);
  if (useStore($downloading) <= 0) return null;
  return (
    <div className="download-overlay" role="alert" aria-busy="true" data-testid="download-overlay">
      <ProgressSpinner style={{ width: 40, height: 40 }} strokeWidth="4" />
      <span>{t('download.loading')}</span>
    </div>
  );
}
