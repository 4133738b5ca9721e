import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../lib/i18n/react.ts';
import cms from '../../lib/i18n/ns/cms.ts';
import { gridMove, moveStop, syncStops } from './grant-grid-keys.ts';
import { cellState, columnState, inheritedBits, rowState, toggleCell, toggleColumn, toggleRow, visibleRows, type AllState, type GrantGrid as Grid } from '../../lib/cms/grant-grid.ts';
import './grants.css';

interface Props {
  grid: Grid;
  onChange(next: Grid): void;
  /** the first column's heading: Site, Catalog… */
  objectLabel: string;
  /** the grid's name (the tab it is on) */
  label?: string;
  /** why an inherited right with no row above to name is there (a role, a catalog out of sight) */
  outsideText: string;
  testId: string;
}

interface BoxProps {
  checked: boolean;
  indeterminate?: boolean;
  disabled: boolean;
  /** greyed tick: held, but through something else */
  inherited?: boolean;
  label: string;
  /** the tooltip: why the box is as it is, when it cannot be clicked */
  why?: string;
  testId: string;
  onToggle(): void;
}

/**
 * A native checkbox (it has a real indeterminate state), drawn in grants.css. One that cannot be
 * changed is aria-disabled rather than disabled, so the arrow keys still reach it and it says why.
 * Its Tab stop is the grid's (grant-grid-keys.ts), so React never sets its tabIndex.
 */
function Box({ checked, indeterminate = false, disabled, inherited, label, why, testId, onToggle }: BoxProps) {
  return (
    <label className="grant-box-wrap" title={why}>
      <input
        type="checkbox"
        className={`grant-box${inherited ? ' grant-box-inherited' : ''}`}
        ref={(el) => {
          if (el) el.indeterminate = indeterminate;
        }}
        checked={checked}
        aria-disabled={disabled || undefined}
        aria-label={why ? `${label} (${why})` : label}
        data-testid={testId}
        data-state={inherited ? 'inherited' : checked ? 'own' : 'off'}
        onClick={(e) => disabled && e.preventDefault()}
        onChange={() => !disabled && onToggle()}
      />
    </label>
  );
}

const allProps = (s: AllState, locked: string) => ({ checked: s.checked, indeterminate: s.indeterminate, disabled: s.disabled, why: s.disabled ? locked : undefined });

/**
 * A grant grid: one row per object (a flat list of sites, or a catalog tree with expanders), one
 * column per right, a select-all box per row and per column. Inherited rights show as greyed
 * ticks naming where they come from; rights the acting user does not hold are disabled, saying
 * so. The state and its rules live in src/lib/cms/grant-grid.ts.
 */
export function GrantGrid({ grid, onChange, objectLabel, label, outsideText, testId }: Props) {
  const t = useT(cms);
  const [collapsed, setCollapsed] = useState<Set<number>>(() => new Set());
  const inherited = useMemo(() => inheritedBits(grid), [grid]);
  const rows = useMemo(() => visibleRows(grid, collapsed), [grid, collapsed]);
  const byId = useMemo(() => new Map(grid.rows.map((r) => [r.id, r])), [grid]);
  const tree = grid.rows.some((r) => r.parent !== null);
  const permLabel = (p: string) => t(`grants.perms.${p}` as never);
  const table = useRef<HTMLTableElement>(null);
  /** the grid's one Tab stop: a row (its id, or 'head') and a column */
  const stop = useRef<{ row: string; col: number } | null>(null);
  // After every draw (a row opened or closed, a box changed), the stop is where it was.
  useEffect(() => {
    if (table.current) syncStops(table.current, stop.current);
  });
  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const to = gridMove(e);
    if (!to || !table.current) return;
    e.preventDefault();
    stop.current = moveStop(table.current, e.target as Element, to) ?? stop.current;
  };

  const toggleOpen = (id: number) => {
    const next = new Set(collapsed);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setCollapsed(next);
  };

  return (
    <div className="grant-grid-scroll" data-testid={testId}>
      <table
        ref={table}
        role="grid"
        aria-label={label ?? objectLabel}
        className={`grant-grid${tree ? ' grant-grid-tree' : ''}`}
        onKeyDown={onKeyDown}
        onFocus={(e) => {
          if (!table.current) return;
          stop.current = syncStops(table.current, null, e.target) ?? stop.current;
        }}
      >
        <thead>
          <tr data-grid-row="head">
            <th scope="col" className="grant-grid-name">{objectLabel}</th>
            <th scope="col" className="grant-grid-all">{t('grants.all')}</th>
            {grid.perms.map((p) => (
              <th scope="col" key={p}>
                <span className="grant-grid-perm">{permLabel(p)}</span>
                <Box {...allProps(columnState(grid, inherited, p), t('grants.allLocked'))} label={t('grants.columnAll', { perm: permLabel(p) })} testId={`${testId}-col-${p}`} onToggle={() => onChange(toggleColumn(grid, inherited, p))} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-row={r.name} data-grid-row={r.id}>
              <th scope="row" className="grant-grid-name">
                <span className="grant-grid-label" style={{ paddingInlineStart: `${r.depth * 1.25}rem` }}>
                  {tree ? (
                    r.hasChildren ? (
                      <button
                        type="button"
                        className="grant-grid-expander"
                        aria-expanded={!collapsed.has(r.id)}
                        aria-label={t(collapsed.has(r.id) ? 'grants.expand' : 'grants.collapse', { name: r.name })}
                        onClick={() => toggleOpen(r.id)}
                      >
                        <i className={`pi ${collapsed.has(r.id) ? 'pi-angle-right' : 'pi-angle-down'}`} aria-hidden="true" />
                      </button>
                    ) : <span className="grant-grid-expander" aria-hidden="true" />
                  ) : null}
                  <span className="grant-grid-text">{r.name}</span>
                </span>
              </th>
              <td className="grant-grid-all">
                <Box {...allProps(rowState(grid, inherited, r.id), t('grants.allLocked'))} label={t('grants.rowAll', { name: r.name })} testId={`${testId}-row-${r.id}`} onToggle={() => onChange(toggleRow(grid, inherited, r.id))} />
              </td>
              {grid.perms.map((p) => {
                const c = cellState(grid, inherited, r.id, p, byId);
                const perm = permLabel(p);
                const why = c.status === 'inherited'
                  ? (c.from ? t('grants.fromParent', { name: c.from.name }) : outsideText)
                  : c.editable ? undefined : t(c.status === 'own' ? 'grants.notHeldTake' : 'grants.notHeldGive', { perm });
                return (
                  <td key={p}>
                    <Box
                      checked={c.status !== 'off'}
                      disabled={!c.editable}
                      inherited={c.status === 'inherited'}
                      label={t('grants.cell', { perm, name: r.name })}
                      why={why}
                      testId={`${testId}-${r.id}-${p}`}
                      onToggle={() => onChange(toggleCell(grid, r.id, p, c.status !== 'own'))}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The three looks of a box, explained once above a grid. */
export function GrantLegend() {
  const t = useT(cms);
  return (
    <p className="grant-legend" aria-hidden="true">
      <span><input type="checkbox" className="grant-box" checked readOnly tabIndex={-1} />{t('grants.legendOwn')}</span>
      <span><input type="checkbox" className="grant-box grant-box-inherited" checked disabled readOnly tabIndex={-1} />{t('grants.legendInherited')}</span>
      <span><input type="checkbox" className="grant-box" disabled readOnly tabIndex={-1} />{t('grants.legendLocked')}</span>
    </p>
  );
}
