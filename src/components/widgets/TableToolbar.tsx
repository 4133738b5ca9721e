import './widgets.css';
import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './light-prime.tsx';
import { LazyTooltip } from './LazyTooltip.tsx';
import { SearchIcon } from 'primereact/icons/search';
import { RefreshIcon } from 'primereact/icons/refresh';
import { BarsIcon } from 'primereact/icons/bars';
import { useT } from '../../lib/i18n/react.ts';
import widgets from '../../lib/i18n/ns/widgets.ts';

// The show/hide-columns panel (PrimeReact's OverlayPanel and Checkbox) loads when first asked for.
const ColumnChooser = lazy(() => import('./ColumnChooser.tsx'));

export type { ToolbarColumn } from './ColumnChooser.tsx';
import type { ToolbarColumn } from './ColumnChooser.tsx';

interface Props {
  showSearch: boolean;
  onToggleSearch(): void;
  onRefresh(): void;
  columns?: ToolbarColumn[];
  onToggleColumn?(key: string): void;
  /** the screen's own buttons (add, edit, delete, export…), on the left */
  children?: ReactNode;
}

/**
 * The list toolbar (spec §2): the screen's buttons, then toggle search, refresh and show/hide
 * columns. Drawn without PrimeReact's code (light-prime.tsx): its tooltips and the columns panel
 * come after the list is usable.
 */
export function TableToolbar({ showSearch, onToggleSearch, onRefresh, columns, onToggleColumn, children }: Props) {
  const t = useT(widgets);
  const scope = useId();
  const columnsButton = useRef<HTMLButtonElement>(null);
  const [presses, setPresses] = useState(0);
  const round = { rounded: true, outlined: true, size: 'small' as const, severity: 'secondary' as const };
  const named = (text: string) => ({ 'aria-label': text, 'data-pr-tooltip': text });
  return (
    <div className="table-toolbar">
      <div className="table-toolbar-actions">{children}</div>
      <div className="table-toolbar-right" data-tooltips={scope}>
        <Button {...round} icon={<SearchIcon />} {...named(t(showSearch ? 'toolbar.hideSearch' : 'toolbar.showSearch'))} onClick={onToggleSearch} />
        <Button {...round} icon={<RefreshIcon />} {...named(t('toolbar.refresh'))} onClick={onRefresh} />
        {columns && onToggleColumn ? (
          <>
            <Button {...round} ref={columnsButton} icon={<BarsIcon />} {...named(t('toolbar.columns'))} aria-haspopup="dialog" onClick={() => setPresses((n) => n + 1)} />
            {presses ? (
              <Suspense fallback={null}>
                <ColumnChooser columns={columns} onToggleColumn={onToggleColumn} anchor={columnsButton} presses={presses} />
              </Suspense>
            ) : null}
          </>
        ) : null}
      </div>
      <LazyTooltip scope={`[data-tooltips="${scope}"]`} />
    </div>
  );
}
