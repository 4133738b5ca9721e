import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useLocale, useT } from '../../../lib/i18n/react.ts';
import fb from '../../../lib/i18n/ns/formBuilder.ts';
import { XFIELD_TYPES, type XFieldType } from '../../../../shared/cms/xmodel.ts';
import type { CanvasField } from './designer-model.ts';
import type { DesignErrors } from './validate-design.ts';
import { kindLabel } from './labels.ts';

/** Drag data types: a kind from the palette, a field of the canvas. */
export const DRAG_KIND = 'application/x-castanea-form-kind';
export const DRAG_FIELD = 'application/x-castanea-form-field';

interface Props {
  fields: readonly CanvasField[];
  selected: string | null;
  errors: DesignErrors;
  /**
   * A request for the focus: the field whose select button takes it after the render that brings
   * the request (a move, a removal, an add), once — typing in the property panel keeps the focus.
   */
  focusRequest: { key: string } | null;
  onSelect(key: string): void;
  onMove(key: string, to: number): void;
  onRemove(key: string): void;
  onAdd(kind: XFieldType, at: number): void;
}

/** Where a drop over a field lands: before it in its upper half, after it in its lower half. */
function dropIndex(e: DragEvent<HTMLElement>, index: number): number {
  const box = e.currentTarget.getBoundingClientRect();
  return e.clientY < box.top + box.height / 2 ? index : index + 1;
}

/**
 * The fields in order. Each is a row whose main button selects it; its own buttons move it up and
 * down and remove it. By keyboard: Up/Down go to the previous/next field, Alt+Up/Alt+Down move it,
 * Delete removes it. By pointer: rows are dragged into place, kinds dropped from the palette
 * (native drag and drop; a line shows where it lands).
 */
export function Canvas({ fields, selected, errors, focusRequest, onSelect, onMove, onRemove, onAdd }: Props) {
  const t = useT(fb);
  const lng = useLocale();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [over, setOver] = useState<number | null>(null);

  useEffect(() => {
    if (focusRequest) buttons.current.get(focusRequest.key)?.focus();
  }, [focusRequest]);

  const accept = (e: DragEvent<HTMLElement>) => [...e.dataTransfer.types].some((type) => type === DRAG_KIND || type === DRAG_FIELD);
  const dropAt = (e: DragEvent<HTMLElement>, at: number) => {
    e.preventDefault();
    setOver(null);
    const kind = e.dataTransfer.getData(DRAG_KIND);
    const key = e.dataTransfer.getData(DRAG_FIELD);
    if (kind && (XFIELD_TYPES as readonly string[]).includes(kind)) onAdd(kind as XFieldType, at);
    else if (key) {
      const from = fields.findIndex((f) => f.key === key);
      if (from >= 0) onMove(key, from < at ? at - 1 : at);
    }
  };

  const keys = (e: KeyboardEvent<HTMLButtonElement>, index: number, f: CanvasField) => {
    const step = e.key === 'ArrowUp' ? -1 : e.key === 'ArrowDown' ? 1 : 0;
    if (step && e.altKey) {
      e.preventDefault();
      onMove(f.key, index + step);
    } else if (step) {
      const next = fields[index + step];
      if (next) {
        e.preventDefault();
        onSelect(next.key);
        buttons.current.get(next.key)?.focus();
      }
    } else if (e.key === 'Delete') {
      e.preventDefault();
      onRemove(f.key);
    }
  };

  return (
    <div className="fb-canvas" data-testid="fb-canvas">
      <p className="fb-hint" id="fb-canvas-hint">{t('canvas.hint')}</p>
      {fields.length ? (
        <ol className="fb-fields" aria-describedby="fb-canvas-hint">
          {fields.map((f, i) => {
            const bad = errors[f.key];
            const name = f.label || f.code;
            return (
              <li
                key={f.key}
                className={`fb-field${selected === f.key ? ' is-selected' : ''}${bad ? ' has-error' : ''}${over === i ? ' drop-before' : ''}${over === i + 1 && i === fields.length - 1 ? ' drop-after' : ''}`}
                draggable
                data-testid="fb-field"
                data-code={f.code}
                onDragStart={(e) => {
                  e.dataTransfer.setData(DRAG_FIELD, f.key);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(e) => {
                  if (!accept(e)) return;
                  e.preventDefault();
                  setOver(dropIndex(e, i));
                }}
                onDragLeave={() => setOver(null)}
                onDrop={(e) => dropAt(e, dropIndex(e, i))}
              >
                <span className="fb-grip pi pi-bars" aria-hidden="true" />
                <button
                  type="button"
                  className="fb-select"
                  aria-pressed={selected === f.key}
                  ref={(el) => {
                    if (el) buttons.current.set(f.key, el);
                    else buttons.current.delete(f.key);
                  }}
                  onClick={() => onSelect(f.key)}
                  onKeyDown={(e) => keys(e, i, f)}
                >
                  <span className="fb-field-label">{name}{f.required === 'Y' ? <span className="fb-required" aria-hidden="true"> *</span> : null}</span>
                  <span className="fb-field-meta">{kindLabel(f.fieldType, lng)} · <code>{f.code}</code></span>
                  <span className="visually-hidden">{t('canvas.position', { n: i + 1, count: fields.length })}</span>
                  {bad ? <span className="fb-field-error">{Object.values(bad)[0]}</span> : null}
                </button>
                <span className="fb-row-actions">
                  <button type="button" className="fb-icon" disabled={i === 0} aria-label={t('canvas.moveUp', { label: name })} title={t('canvas.moveUp', { label: name })} onClick={() => onMove(f.key, i - 1)} data-testid="fb-up">
                    <span className="pi pi-arrow-up" aria-hidden="true" />
                  </button>
                  <button type="button" className="fb-icon" disabled={i === fields.length - 1} aria-label={t('canvas.moveDown', { label: name })} title={t('canvas.moveDown', { label: name })} onClick={() => onMove(f.key, i + 1)} data-testid="fb-down">
                    <span className="pi pi-arrow-down" aria-hidden="true" />
                  </button>
                  <button type="button" className="fb-icon fb-danger" aria-label={t('canvas.remove', { label: name })} title={t('canvas.remove', { label: name })} onClick={() => onRemove(f.key)} data-testid="fb-remove">
                    <span className="pi pi-trash" aria-hidden="true" />
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      ) : null}
      <div
        className={`fb-drop-end${over === fields.length ? ' is-over' : ''}`}
        data-testid="fb-drop-end"
        onDragOver={(e) => {
          if (!accept(e)) return;
          e.preventDefault();
          setOver(fields.length);
        }}
        onDragLeave={() => setOver(null)}
        onDrop={(e) => dropAt(e, fields.length)}
      >
        {fields.length ? t('canvas.dropEnd') : t('canvas.empty')}
      </div>
    </div>
  );
}
