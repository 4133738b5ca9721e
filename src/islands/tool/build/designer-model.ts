import { blankField, DESIGN_PROPS, propsOf, type DesignField } from '../../../../shared/cms/form-design.ts';
import { XFIELD_CHOICE_TYPES, XMODEL_LIMITS, type XFieldType } from '../../../../shared/cms/xmodel.ts';

/**
 * The Form Builder's document and its history, as a pure reducer (no React, no PrimeReact): the
 * fields in order, the selected one, and undo/redo over every change. The island dispatches; the
 * tests drive it directly.
 */

/** A field on the canvas: `key` names it while designing (a stored field also has its `fieldId`). */
export interface CanvasField extends DesignField {
  key: string;
}

export interface Design {
  fields: readonly CanvasField[];
  selected: string | null;
}

export interface DesignerState {
  past: readonly Design[];
  present: Design;
  future: readonly Design[];
  /** what the last recorded change was: further edits of the same property of the same field join its undo step */
  mark: string | null;
  /** the next canvas key */
  serial: number;
}

export type DesignerAction =
  /** a new field of a kind at `at` (default: after the selected one, else at the end), selected */
  | { type: 'add'; kind: XFieldType; label: string; at?: number }
  /** the field moved to position `to` (clamped) */
  | { type: 'move'; key: string; to: number }
  | { type: 'remove'; key: string }
  /** properties changed; `fieldType` also clears the rules the new kind has not */
  | { type: 'update'; key: string; patch: Partial<DesignField> }
  | { type: 'select'; key: string | null }
  /** a new document (a stored model opened, a file imported, a blank design): its history starts over */
  | { type: 'load'; fields: readonly DesignField[]; at?: number }
  | { type: 'undo' }
  | { type: 'redo' };

/** Changes kept for undo; older ones go. */
export const HISTORY_LIMIT = 100;

export function initialDesigner(fields: readonly DesignField[] = []): DesignerState {
  return loadInto({ past: [], present: { fields: [], selected: null }, future: [], mark: null, serial: 0 }, fields);
}

/** A new document; the field at `at` selected (a saved design read back keeps the field one was on), else the first. */
function loadInto(s: DesignerState, fields: readonly DesignField[], at = 0): DesignerState {
  let serial = s.serial;
  const placed = fields.map((f) => ({ ...f, key: `f${++serial}` }));
  return { past: [], present: { fields: placed, selected: (placed[at] ?? placed[0])?.key ?? null }, future: [], mark: null, serial };
}

/** A code no other field has: `<kind>`, else `<kind>_2`, `<kind>_3`… */
export function uniqueCode(base: string, fields: readonly { code: string }[]): string {
  const taken = new Set(fields.map((f) => f.code));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}_${n}`)) n++;
  return `${base}_${n}`;
}

/** The fields whose code another field also has (by key): the design cannot be saved while any is. */
export function duplicateCodes(fields: readonly CanvasField[]): Set<string> {
  const byCode = new Map<string, string[]>();
  for (const f of fields) byCode.set(f.code, [...(byCode.get(f.code) ?? []), f.key]);
  return new Set([...byCode.values()].filter((keys) => keys.length > 1).flat());
}

const clamp = (n: number, max: number) => Math.max(0, Math.min(max, n));

/** Rules a kind has not are cleared when a field changes kind; a choice needs a dictionary. */
function retyped(f: CanvasField, kind: XFieldType): CanvasField {
  const keep = new Set(propsOf(kind));
  const cleared = Object.fromEntries(DESIGN_PROPS.filter((p) => !keep.has(p)).map((p) => [p, null]));
  const dictType = XFIELD_CHOICE_TYPES.includes(kind) ? (f.dictType || 'YesOrNo') : null;
  return { ...f, ...cleared, fieldType: kind, dictType };
}

/** The design after one change, or the same object when the change changes nothing. */
function changed(d: Design, a: DesignerAction, serial: number): Design {
  const index = (key: string) => d.fields.findIndex((f) => f.key === key);
  switch (a.type) {
    case 'add': {
      if (d.fields.length >= XMODEL_LIMITS.fieldsPerModel) return d;
      const after = d.selected ? index(d.selected) + 1 : d.fields.length;
      const at = clamp(a.at ?? (after > 0 ? after : d.fields.length), d.fields.length);
      const field: CanvasField = { ...blankField(a.kind, uniqueCode(a.kind, d.fields), a.label), key: `f${serial}` };
      return { fields: [...d.fields.slice(0, at), field, ...d.fields.slice(at)], selected: field.key };
    }
    case 'move': {
      const from = index(a.key);
      const to = clamp(a.to, d.fields.length - 1);
      if (from < 0 || from === to) return d;
      const rest = d.fields.filter((f) => f.key !== a.key);
      return { fields: [...rest.slice(0, to), d.fields[from]!, ...rest.slice(to)], selected: d.selected };
    }
    case 'remove': {
      const at = index(a.key);
      if (at < 0) return d;
      const fields = d.fields.filter((f) => f.key !== a.key);
      // The selection goes to the field that took its place (else the one before), so a keyboard
      // user deleting in a row stays in the list.
      const selected = d.selected === a.key ? (fields[at] ?? fields[at - 1])?.key ?? null : d.selected;
      return { fields, selected };
    }
    case 'update': {
      const at = index(a.key);
      if (at < 0) return d;
      const old = d.fields[at]!;
      let next: CanvasField = { ...old, ...a.patch, key: old.key };
      if (a.patch.fieldType && a.patch.fieldType !== old.fieldType) next = retyped(next, a.patch.fieldType);
      if (DESIGN_PROPS.every((p) => next[p] === old[p])) return d;
      return { fields: d.fields.map((f, i) => (i === at ? next : f)), selected: d.selected };
    }
    default:
      return d;
  }
}

export function designerReducer(s: DesignerState, a: DesignerAction): DesignerState {
  switch (a.type) {
    case 'undo': {
      const prev = s.past.at(-1);
      return prev ? { ...s, past: s.past.slice(0, -1), present: prev, future: [s.present, ...s.future], mark: null } : s;
    }
    case 'redo': {
      const [next, ...future] = s.future;
      return next ? { ...s, past: [...s.past, s.present], present: next, future, mark: null } : s;
    }
    case 'select':
      return s.present.selected === a.key ? s : { ...s, present: { ...s.present, selected: a.key }, mark: null };
    case 'load':
      return loadInto(s, a.fields, a.at);
    default: {
      const serial = a.type === 'add' ? s.serial + 1 : s.serial;
      const present = changed(s.present, a, serial);
      if (present === s.present) return s;
      // Typing a label letter by letter is one change to undo, not one per letter.
      const mark = a.type === 'update' ? `${a.key}:${Object.keys(a.patch).sort().join(',')}` : null;
      if (mark && mark === s.mark) return { ...s, present, future: [], serial };
      return { past: [...s.past, s.present].slice(-HISTORY_LIMIT), present, future: [], mark, serial };
    }
  }
}

/** The design's fields as saved and exported: in order, without canvas keys. */
export const designFields = (d: Design): DesignField[] => d.fields.map(({ key: _key, ...f }) => f);
