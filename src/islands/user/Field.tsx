import type { ReactNode } from 'react';
import { errorIdOf, fieldAria, hintIdOf, type FieldAria } from '../../lib/forms/field-aria.ts';

/**
 * A labelled form row of the account pages with its error under the control (label left on wide
 * screens, on top on narrow). As the console's FormRow, the input is told by a function child
 * whether it is invalid and required and which error and hint describe it.
 */
export function Field({ id, label, error, hint, required, children }: { id: string; label: string; error?: string; hint?: string; required?: boolean; children: (aria: FieldAria) => ReactNode }) {
  const aria = fieldAria({ id, invalid: !!error, required: !!required, hinted: !error && !!hint });
  return (
    <div className={`account-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className="account-field-label">
        {required && <span className="account-required" aria-hidden="true">*</span>}
        {label}
      </label>
      <div className="account-field-control">
        {children(aria)}
        {error ? (
          <small id={errorIdOf(id)} className="field-error" role="alert" data-testid={`${id}-error`}>
            {error}
          </small>
        ) : hint ? (
          <small id={hintIdOf(id)} className="account-field-hint">{hint}</small>
        ) : null}
      </div>
    </div>
  );
}
