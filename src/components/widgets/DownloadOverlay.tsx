import './widgets.css';
import { lazy, Suspense } from 'react';
import { useStore } from '@nanostores/react';
import { $downloading } from '../../lib/download.ts';
import { useT } from '../../lib/i18n/react.ts';
import widgets from '../../lib/i18n/ns/widgets.ts';

// Drawn only while a download runs: its code is not part of the list that holds it.
const ProgressSpinner = lazy(() => import('primereact/progressspinner').then((m) => ({ default: m.ProgressSpinner })));

/** The loading overlay shown while a download runs (spec §4 "downloads show a loading overlay"). */
export function DownloadOverlay() {
  const t = useT(widgets);
  if (useStore($downloading) <= 0) return null;
  return (
    <div className="download-overlay" role="alert" aria-busy="true" data-testid="download-overlay">
      <Suspense fallback={<span style={{ display: 'inline-block', width: 40, height: 40 }} />}>
        <ProgressSpinner style={{ width: 40, height: 40 }} strokeWidth="4" />
      </Suspense>
      <span>{t('download.loading')}</span>
    </div>
  );
}
