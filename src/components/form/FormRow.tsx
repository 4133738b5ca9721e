import { useMemo, type ReactNode } from 'react';
import { errorIdOf, fieldAria, hintIdOf, labelIdOf, type FieldAria } from '../../lib/forms/field-aria.ts';
import { FieldRowContext } from './field-aria.ts';
import './form.css';

interface Props {
  /** the input's id, for the label */
  id: string;
  label: string;
  /** localized error under the input, if any */
  error?: string;
  /** names the error for tests: `error-<testKey>` */
  testKey: string;
  /** help under the input, above its error */
  hint?: ReactNode;
  /** the field must be filled in: an asterisk before its label (its input says so itself, aria-required) */
  required?: boolean;
  /**
   * the input (widgets and FieldInput ask the row themselves, useFieldAria); a plain PrimeReact
   * input takes the row's attributes from a function: `{(aria) => <InputText id={id} {...aria} />}`
   */
  children: ReactNode | ((aria: FieldAria) => ReactNode);
}

/**
 * One labelled row of the add/edit form with its error under the input. The input whose id the
 * label names is told (useFieldAria) that it is invalid while the error shows, that it is described
 * by the error and the hint, and whether it is required; a failed submit finds the row by
 * `has-error` (FormDialog moves the focus to its input).
 */
export function FormRow({ id, label, error, testKey, hint, required, children }: Props) {
  const hinted = hint !== undefined && hint !== null && hint !== false;
  const state = useMemo(() => ({ id, invalid: !!error, required: !!required, hinted }), [id, error, required, hinted]);
  return (
    <div className={`resource-form-row${error ? ' has-error' : ''}`}>
      <label htmlFor={id} id={labelIdOf(id)}>
        {required ? <span className="resource-form-required" aria-hidden="true">*</span> : null}
        {label}
      </label>
      <div className="resource-form-control">
        <FieldRowContext.Provider value={state}>{typeof children === 'function' ? children(fieldAria(state)) : children}</FieldRowContext.Provider>
        {/* laid out as the hint itself (the control is a column of its parts) */}
        {hinted ? <div id={hintIdOf(id)} className="resource-form-hint-slot">{hint}</div> : null}
        {error ? <small id={errorIdOf(id)} className="p-error resource-form-error" data-testid={`error-${testKey}`}>{error}</small> : null}
      </div>
    </div>
  );
}
