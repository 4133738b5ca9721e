import { useEffect, useRef, type RefObject } from 'react';
import { OverlayPanel } from 'primereact/overlaypanel';
import { Checkbox } from 'primereact/checkbox';
import { openWhenPlaced } from './open-when-placed.ts';

/** A column of the list, as the panel offers it. */
export interface ToolbarColumn {
  key: string;
  label: string;
  visible: boolean;
}

interface Props {
  columns: ToolbarColumn[];
  onToggleColumn(key: string): void;
  /** the toolbar's "columns" button, the panel's anchor */
  anchor: RefObject<HTMLButtonElement | null>;
  /** how many times the button was pressed: each press opens or closes the panel */
  presses: number;
}

/**
 * The list toolbar's show/hide-columns panel: loaded on the first press of its button (TableToolbar),
 * not with the list, and opened at once under that button; each later press opens or closes it.
 */
export default function ColumnChooser({ columns, onToggleColumn, anchor, presses }: Props) {
  const panel = useRef<OverlayPanel>(null);
  const opened = useRef(false);
  useEffect(() => {
    const overlay = panel.current;
    const at = anchor.current;
    if (!overlay || !at) return;
    if (opened.current) return overlay.toggle(null, at);
    // Just mounted: its portal is not there yet, and opened now it would not be placed under the button.
    opened.current = true;
    openWhenPlaced({ show: () => overlay.show(null, at), hide: () => overlay.hide(), overlay: () => overlay.getElement() });
  }, [presses, anchor]);
  return (
    <OverlayPanel ref={panel} className="table-toolbar-columns">
      {columns.map((c) => (
        <label key={c.key} className="table-toolbar-column">
          <Checkbox checked={c.visible} onChange={() => onToggleColumn(c.key)} />
          <span>{c.label}</span>
        </label>
      ))}
    </OverlayPanel>
  );
}
