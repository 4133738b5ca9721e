import { useRef, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { PopupMenu, type PopupMenuHandle } from '../../../components/widgets/PopupMenu.tsx';
import type { MenuItem } from 'primereact/menuitem';
import { useT } from '../../../lib/i18n/react.ts';
import contentNs from '../../../lib/i18n/ns/contentList.ts';
import { CONTENT_TYPES, type ContentType } from '../../../../shared/cms/content.ts';
import type { BatchAction } from '../../../lib/cms/content-list.ts';
import { TableToolbar } from '../../../components/widgets/TableToolbar.tsx';

interface Props {
  /** the actions this user's keys allow */
  allowed(action: BatchAction | 'add'): boolean;
  /** the selection is right for it */
  ready(action: BatchAction): boolean;
  onAction(action: BatchAction): void;
  /** why "add" is off (no catalog, or a link catalog), or null when it is on */
  addBlocked: string | null;
  onAdd(type: ContentType): void;
  busy: boolean;
  showSearch: boolean;
  onToggleSearch(): void;
  onRefresh(): void;
  /** more items for "More", after the batch actions (push-actions.ts) */
  moreExtra?: MenuItem[];
  /** more of the screen's own tools, after its buttons (the extension search) */
  children?: ReactNode;
}

/** The main batch actions as buttons; the rest behind "More". */
const MAIN: readonly { action: BatchAction; icon: string; severity?: 'success' | 'warning' | 'danger' | 'info' | 'secondary' }[] = [
  { action: 'publish', icon: 'pi pi-send', severity: 'success' },
  { action: 'offline', icon: 'pi pi-download', severity: 'warning' },
  { action: 'remove', icon: 'pi pi-trash', severity: 'danger' },
  { action: 'move', icon: 'pi pi-arrows-alt', severity: 'info' },
  { action: 'copy', icon: 'pi pi-copy', severity: 'info' },
];
const MORE: readonly { action: BatchAction; icon: string }[] = [
  { action: 'top', icon: 'pi pi-arrow-circle-up' },
  { action: 'cancelTop', icon: 'pi pi-arrow-circle-down' },
  { action: 'recommend', icon: 'pi pi-thumbs-up' },
  { action: 'cancelRecommend', icon: 'pi pi-thumbs-down' },
  { action: 'hot', icon: 'pi pi-bolt' },
  { action: 'cancelHot', icon: 'pi pi-minus-circle' },
  { action: 'lock', icon: 'pi pi-lock' },
  { action: 'unlock', icon: 'pi pi-lock-open' },
  { action: 'sort', icon: 'pi pi-sort-alt' },
];

const TYPE_ICONS: Record<ContentType, string> = { article: 'pi pi-file', image: 'pi pi-images', audio: 'pi pi-volume-up', video: 'pi pi-video', book: 'pi pi-book' };

/** The content list's toolbar: add (by type), the batch actions the user may take, disabled until rows are selected. */
export function ContentToolbar({ allowed, ready, onAction, addBlocked, onAdd, busy, showSearch, onToggleSearch, onRefresh, moreExtra = [], children }: Props) {
  const t = useT(contentNs);
  const addMenu = useRef<PopupMenuHandle>(null);
  const moreMenu = useRef<PopupMenuHandle>(null);
  const types: MenuItem[] = CONTENT_TYPES.map((type) => ({ label: t(`types.${type}`), icon: TYPE_ICONS[type], command: () => onAdd(type), data: { testid: `content-add-${type}` } }));
  const batch: MenuItem[] = MORE.filter((m) => allowed(m.action)).map((m) => ({ label: t(`actions.${m.action}`), icon: m.icon, disabled: busy || !ready(m.action), command: () => onAction(m.action) }));
  const more = batch.length ? [...batch, ...moreExtra] : moreExtra.filter((m) => !m.separator);
  return (
    <TableToolbar showSearch={showSearch} onToggleSearch={onToggleSearch} onRefresh={onRefresh}>
      {allowed('add') ? (
        <>
          <Button
            size="small"
            icon="pi pi-plus"
            label={t('actions.add')}
            disabled={!!addBlocked}
            tooltip={addBlocked ?? undefined}
            tooltipOptions={{ showOnDisabled: true, position: 'top' }}
            onClick={(e) => addMenu.current?.toggle(e)}
            aria-haspopup
            data-testid="content-add"
          />
          <PopupMenu model={types} ref={addMenu} className="content-add-menu" />
        </>
      ) : null}
      {MAIN.filter((m) => allowed(m.action)).map((m) => (
        <Button key={m.action} size="small" outlined severity={m.severity} icon={m.icon} label={t(`actions.${m.action}`)} disabled={busy || !ready(m.action)} onClick={() => onAction(m.action)} data-testid={`content-${m.action}`} />
      ))}
      {more.length ? (
        <>
          <Button size="small" outlined severity="secondary" icon="pi pi-ellipsis-h" label={t('actions.more')} onClick={(e) => moreMenu.current?.toggle(e)} aria-haspopup data-testid="content-more" />
          <PopupMenu model={more} ref={moreMenu} />
        </>
      ) : null}
      {children}
    </TableToolbar>
  );
}
