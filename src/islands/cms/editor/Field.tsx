import type { ReactNode } from 'react';

interface Props {
  /** the field's name: its input's id is `ce-<name>`, its error `error-<name>` */
  name: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** spans the whole row of a field grid */
  wide?: boolean;
  className?: string;
  children: ReactNode;
}

/** One labelled field of the editor, its help and its error under it. */
export function Field({ name, label, error, hint, wide, className, children }: Props) {
  return (
    <div className={`ce-field${wide ? ' ce-field-wide' : ''}${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`} data-field={name}>
      <label htmlFor={`ce-${name}`} className="ce-label">{label}</label>
      {children}
      {hint ? <small className="ce-hint">{hint}</small> : null}
      {error ? <small className="p-error ce-error" data-testid={`error-${name}`} role="alert">{error}</small> : null}
    </div>
  );
}

/** A titled card of the editor (the main column's parts, the side panel's groups). */
export function Section({ title, actions, children, testId, className }: { title: ReactNode; actions?: ReactNode; children: ReactNode; testId?: string; className?: string }) {
  return (
    <section className={`ce-section${className ? ` ${className}` : ''}`} data-testid={testId}>
      <header className="ce-section-head">
        <h3>{title}</h3>
        {actions ? <div className="ce-section-actions">{actions}</div> : null}
      </header>
      <div className="ce-section-body">{children}</div>
    </section>
  );
}

/** A length counter for a text with a limit ("12 / 360"), turning red past it. */
export function Counter({ value, max }: { value: string; max: number }) {
  return <span className={`ce-counter${value.length > max ? ' is-over' : ''}`}>{value.length} / {max}</span>;
}
