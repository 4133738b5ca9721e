import { Button } from 'primereact/button';
import { useT } from '../../../lib/i18n/react.ts';
import templates from '../../../lib/i18n/ns/templates.ts';
import { formatBytes } from '../../../lib/sizes.ts';
import type { VersionRow } from './templates-api.ts';

interface Props {
  versions: VersionRow[];
  /** the version being compared with the editor, if any */
  comparing: number | null;
  canRestore: boolean;
  kept: number;
  onCompare(v: VersionRow): void;
  onRestore(v: VersionRow): void;
}

/** The template's saved versions, newest first: compare one with the editor, or restore it. */
export function VersionsPanel({ versions, comparing, canRestore, kept, onCompare, onRestore }: Props) {
  const t = useT(templates);
  if (!versions.length) return <p className="bench-empty">{t('versions.empty')}</p>;
  return (
    <>
      <ol className="bench-versions" data-testid="bench-versions">
        {versions.map((v) => (
          <li key={v.versionId} className={comparing === v.versionId ? 'is-comparing' : undefined} data-testid="bench-version">
            <span className="bench-version-time">{v.createTime}</span>
            <small>{t('versions.by', { user: v.createBy, size: formatBytes(v.size) })}</small>
            <span className="bench-version-actions">
              <Button type="button" size="small" text icon="pi pi-clone" label={t('versions.show')} onClick={() => onCompare(v)} />
              {canRestore ? <Button type="button" size="small" text icon="pi pi-history" label={t('versions.restore')} onClick={() => onRestore(v)} data-testid="bench-version-restore" /> : null}
            </span>
          </li>
        ))}
      </ol>
      <small className="bench-empty">{t('versions.kept', { count: kept })}</small>
    </>
  );
}
