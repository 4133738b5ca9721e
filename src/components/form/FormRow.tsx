import type { ReactNode } from 'react';
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
  children: ReactNode;
}

/** One labelled row of the add/edit form with its error under the input. */
export function FormRow({ id, label, error, testKey, hint, required, children }: Props) {
  return (
    <div className={`resource-form-row${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {required ? <span className="resource-form-required" aria-hidden="true">*</span> : null}
        {label}
      </label>
      <div className="resource-form-control">
        {children}
        {hint}
        {error ? <small className="p-error resource-form-error" data-testid={`error-${testKey}`}>{error}</small> : null}
      </div>
    </div>
  );
}
