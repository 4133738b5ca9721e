import { Tag } from 'primereact/tag';
import { useT } from '../../../lib/i18n/react.ts';
import contentNs from '../../../lib/i18n/ns/contentList.ts';
import { CONTENT_STATUS_DICT, ContentStatus } from '../../../../shared/cms/content.ts';
import { STATUS_SEVERITY } from '../../../lib/cms/content-list.ts';
import { useDict } from '../../../components/widgets/DictTag.tsx';

export const LIST_CLASS: Record<string, 'success' | 'info' | 'warning' | 'danger' | null> = { primary: null, success: 'success', info: 'info', warning: 'warning', danger: 'danger' };

/** The statuses a list can filter by: the dictionary's (spec §4), and archive, which it lacks. */
export function useStatusOptions() {
  const t = useT(contentNs);
  const dict = useDict(CONTENT_STATUS_DICT) ?? [];
  const archived = dict.some((o) => o.value === ContentStatus.ARCHIVED) ? [] : [{ value: ContentStatus.ARCHIVED, label: t('archived') }];
  return [...dict.map((o) => ({ value: o.value, label: o.label })), ...archived];
}

/** A content's status as a tag: the dictionary's label and colour, or a colour per status when it sets none. */
export function StatusTag({ value }: { value: string }) {
  const t = useT(contentNs);
  const option = useDict(CONTENT_STATUS_DICT)?.find((o) => o.value === value);
  const label = option?.label ?? (value === ContentStatus.ARCHIVED ? t('archived') : value);
  const severity = option?.listClass && option.listClass !== 'default' ? (LIST_CLASS[option.listClass] ?? null) : (STATUS_SEVERITY[value] ?? null);
  return <StatusTagView label={label} severity={severity} />;
}

/** The tag of a status's label and colour (also drawn by the build for the pre-paint: prepaint/frame.tsx). */
export function StatusTagView({ label, severity }: { label: string; severity: (typeof STATUS_SEVERITY)[string] }) {
  // The theme has no grey tag: content.css draws "secondary" (a draft, an archived content).
  return <Tag value={label} severity={severity === 'secondary' ? null : severity} className={`content-status${severity === 'secondary' ? ' is-secondary' : ''}`} />;
}

const TYPE_ICONS: Record<string, string> = { article: 'pi-file', image: 'pi-images', audio: 'pi-volume-up', video: 'pi-video', book: 'pi-book' };

/** A content type's icon, titled with its name. */
export function TypeIcon({ type }: { type: string }) {
  const t = useT(contentNs);
  const name = t(`types.${type as 'article'}`);
  return <i className={`pi ${TYPE_ICONS[type] ?? 'pi-file'} content-type-icon`} title={name} aria-label={name} role="img" />;
}
