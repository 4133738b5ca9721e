import { Tag } from 'primereact/tag';
import { useT } from '../../../lib/i18n/react.ts';
import editorNs from '../../../lib/i18n/ns/editor.ts';
import { ContentStatus } from '../../../../shared/cms/content.ts';

const SEVERITY: Record<string, 'success' | 'info' | 'warning' | 'danger' | 'secondary' | undefined> = {
  [ContentStatus.DRAFT]: 'secondary',
  [ContentStatus.TO_PUBLISH]: 'info',
  [ContentStatus.PUBLISHED]: 'success',
  [ContentStatus.OFFLINE]: 'danger',
  [ContentStatus.EDITING]: 'warning',
  [ContentStatus.ARCHIVED]: 'secondary',
};

/** A content's (or chapter's) workflow status as a coloured tag (spec §4). */
export function StatusTag({ status, scheduled }: { status: string; scheduled?: boolean }) {
  const t = useT(editorNs);
  const key = (Object.entries(ContentStatus).find(([, v]) => v === status)?.[0] ?? 'DRAFT') as keyof typeof ContentStatus;
  return <Tag className="ce-status" severity={SEVERITY[status]} value={scheduled && status === ContentStatus.TO_PUBLISH ? t('status.SCHEDULED') : t(`status.${key}`)} data-status={status} />;
}
