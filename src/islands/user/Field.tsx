import type { ReactNode } from 'react';

/** A labelled form row with its error under the control (label left on wide screens, on top on narrow). */
export function Field({ id, label, error, hint, required, children }: { id: string; label: string; error?: string; hint?: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={`account-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className="account-field-label">
        {required && <span className="account-required" aria-hidden="true">*</span>}
        {label}
      </label>
      <div className="account-field-control">
        {children}
        {error ? (
          <small id={`${id}-error`} className="field-error" role="alert" data-testid={`${id}-error`}>
            {error}
          </small>
        ) : hint ? (
          <small className="account-field-hint">{hint}</small>
        ) : null}
      </div>
    </div>
  );
}
