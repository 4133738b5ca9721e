import { createContext, useContext } from 'react';
import { fieldAria, mergeAria, type FieldAria, type FieldRowState } from '../../lib/forms/field-aria.ts';

/** The row a form input is drawn in (FormRow), for the input whose id it labels. */
export const FieldRowContext = createContext<FieldRowState | null>(null);

type OwnAria = Parameters<typeof mergeAria>[1];

/**
 * The ARIA attributes of the input `id` from the FormRow around it (invalid, required, described by
 * its error and hint), merged with the widget's own: every input and widget of the shared forms
 * calls this with its input's id, so a row's error is tied to its field on every screen. Outside a
 * row, or for another input of the row (a button beside the field), only the widget's own.
 */
export function useFieldAria(id: string | undefined, own: OwnAria = {}): FieldAria {
  const row = useContext(FieldRowContext);
  return mergeAria(row && id && row.id === id ? fieldAria(row) : {}, own);
}
