import './widgets.css';
import { useRef, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { Checkbox } from 'primereact/checkbox';
import { SearchIcon } from 'primereact/icons/search';
import { RefreshIcon } from 'primereact/icons/refresh';
import { BarsIcon } from 'primereact/icons/bars';
import { useT } from '../../lib/i18n/react.ts';
import widgets from '../../lib/i18n/ns/widgets.ts';

export interface ToolbarColumn {
  key: string;
  label: string;
  visible: boolean;
}

interface Props {
  showSearch: boolean;
  onToggleSearch(): void;
  onRefresh(): void;
  columns?: ToolbarColumn[];
  onToggleColumn?(key: string): void;
  /** the screen's own buttons (add, edit, delete, export…), on the left */
  children?: ReactNode;
}

/** The list toolbar (spec §2): the screen's buttons, then toggle search, refresh and show/hide columns. */
export function TableToolbar({ showSearch, onToggleSearch, onRefresh, columns, onToggleColumn, children }: Props) {
  const t = useT(widgets);
  const panel = useRef<OverlayPanel>(null);
  const round = { rounded: true, outlined: true, size: 'small' as const, severity: 'secondary' as const, tooltipOptions: { position: 'top' as const } };
  return (
    <div className="table-toolbar">
      <div className="table-toolbar-actions">{children}</div>
      <div className="table-toolbar-right">
        <Button {...round} icon={<SearchIcon />} tooltip={t(showSearch ? 'toolbar.hideSearch' : 'toolbar.showSearch')} aria-label={t(showSearch ? 'toolbar.hideSearch' : 'toolbar.showSearch')} onClick={onToggleSearch} />
        <Button {...round} icon={<RefreshIcon />} tooltip={t('toolbar.refresh')} aria-label={t('toolbar.refresh')} onClick={onRefresh} />
        {columns && onToggleColumn ? (
          <>
            <Button {...round} icon={<BarsIcon />} tooltip={t('toolbar.columns')} aria-label={t('toolbar.columns')} onClick={(e) => panel.current?.toggle(e)} />
            <OverlayPanel ref={panel} className="table-toolbar-columns">
              {columns.map((c) => (
                <label key={c.key} className="table-toolbar-column">
                  <Checkbox checked={c.visible} onChange={() => onToggleColumn(c.key)} />
                  <span>{c.label}</span>
                </label>
              ))}
            </OverlayPanel>
          </>
        ) : null}
      </div>
    </div>
  );
}
