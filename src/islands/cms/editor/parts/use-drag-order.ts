import { useState } from 'react';
import { moved } from '../chapter-model.ts';

/**
 * Reordering a list by dragging its rows (HTML5 drag and drop) — the arrow buttons beside each row
 * do the same by keyboard. `props(i)` goes on each row.
 */
export function useDragOrder<T>(items: readonly T[], onChange: (next: T[]) => void, enabled = true) {
  const [from, setFrom] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const props = (i: number) => (enabled ? {
    draggable: true,
    'data-drop': over === i && from !== null && from !== i ? (from < i ? 'after' : 'before') : undefined,
    onDragStart: (e: React.DragEvent) => {
      setFrom(i);
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', String(i));
    },
    onDragOver: (e: React.DragEvent) => {
      if (from === null) return;
      e.preventDefault();
      setOver(i);
    },
    onDrop: (e: React.DragEvent) => {
      e.preventDefault();
      if (from !== null && from !== i) onChange(moved(items, from, i));
      setFrom(null);
      setOver(null);
    },
    onDragEnd: () => {
      setFrom(null);
      setOver(null);
    },
  } : {});
  const move = (i: number, by: number) => onChange(moved(items, i, i + by));
  return { props, move };
}
