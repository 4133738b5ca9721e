/**
 * How a form field tells assistive technology what its row shows (WCAG 1.3.1, 3.3.1): invalid while
 * its error is shown, described by that error and by its hint, required when it must be filled in.
 * FormRow states the row; the inputs and widgets inside take these attributes (useFieldAria).
 */

export interface FieldRowState {
  /** the id of the row's input (its label points at it) */
  id: string;
  invalid: boolean;
  required: boolean;
  /** the row shows help under the input */
  hinted: boolean;
}

export interface FieldAria {
  'aria-invalid'?: true;
  'aria-required'?: true;
  'aria-describedby'?: string;
}

/** The ids of a row's error, hint and label elements, from its input's. */
export const errorIdOf = (id: string) => `${id}-error`;
export const hintIdOf = (id: string) => `${id}-hint`;
/** The id of a row's label, for a widget a `<label for>` cannot name (a tree, a group of thumbnails). */
export const labelIdOf = (id: string) => `${id}-label`;

/** The attributes of a row's input: the error first in its description (what to fix), then the hint. */
export function fieldAria(row: FieldRowState): FieldAria {
  const described = [row.invalid ? errorIdOf(row.id) : '', row.hinted ? hintIdOf(row.id) : ''].filter(Boolean).join(' ');
  return {
    ...(row.invalid ? { 'aria-invalid': true as const } : {}),
    ...(row.required ? { 'aria-required': true as const } : {}),
    ...(described ? { 'aria-describedby': described } : {}),
  };
}

/** Two descriptions in one (a widget's own and its row's), without repeats. */
export function joinIds(...lists: (string | undefined)[]): string | undefined {
  const ids = [...new Set(lists.flatMap((l) => (l ?? '').split(/\s+/)).filter(Boolean))];
  return ids.length ? ids.join(' ') : undefined;
}

/**
 * A widget's own ARIA attributes over its row's: what the widget is given wins where given (an
 * explicit `aria-required`), descriptions add up.
 */
export function mergeAria(row: FieldAria, own: { 'aria-invalid'?: boolean; 'aria-required'?: boolean; 'aria-describedby'?: string }): FieldAria {
  const invalid = own['aria-invalid'] ?? row['aria-invalid'];
  const required = own['aria-required'] ?? row['aria-required'];
  const described = joinIds(row['aria-describedby'], own['aria-describedby']);
  return {
    ...(invalid ? { 'aria-invalid': true as const } : {}),
    ...(required ? { 'aria-required': true as const } : {}),
    ...(described ? { 'aria-describedby': described } : {}),
  };
}
