import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  /** the field's name: its control's id is `ce-<name>` (fieldIds), its error's test id `error-<name>` */
  name: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** spans the whole row of a field grid */
  wide?: boolean;
  className?: string;
  children: ReactNode;
}

/** The ids of a field's parts: its control (which its label names), its error and its hint. */
export const fieldIds = (name: string) => ({ control: `ce-${name}`, error: `ce-${name}-error`, hint: `ce-${name}-hint` });

/**
 * One labelled field of the editor, its help and its error under it. Its control (the element
 * with id `ce-<name>`) is described by the error and the hint and says when it is invalid
 * (aria-describedby, aria-invalid): the controls are of many kinds (PrimeReact's inputs, stand-ins
 * that give way to calendars, the tag input, the rich-text editor, loaded late), so this is set
 * on the element itself, again whenever what the field holds is redrawn.
 */
export function Field({ name, label, error, hint, wide, className, children }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const ids = fieldIds(name);
  const describedBy = [error ? ids.error : '', hint ? ids.hint : ''].filter(Boolean).join(' ');
  const invalid = !!error;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const tie = () => {
      const control = el.querySelector(`[id="${CSS.escape(ids.control)}"]`);
      if (!control) return;
      setOrRemove(control, 'aria-describedby', describedBy);
      setOrRemove(control, 'aria-invalid', invalid ? 'true' : '');
    };
    tie();
    const observer = new MutationObserver(tie);
    observer.observe(el, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ids.control, describedBy, invalid]);
  return (
    <div ref={box} className={`ce-field${wide ? ' ce-field-wide' : ''}${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`} data-field={name}>
      <label htmlFor={ids.control} className="ce-label">{label}</label>
      {children}
      {hint ? <small id={ids.hint} className="ce-hint">{hint}</small> : null}
      {error ? <small id={ids.error} className="p-error ce-error" data-testid={`error-${name}`} role="alert">{error}</small> : null}
    </div>
  );
}

/** Sets an attribute to `value`, or takes it away for ''; touches the element only when that changes it. */
function setOrRemove(el: Element, name: string, value: string) {
  if (value ? el.getAttribute(name) === value : !el.hasAttribute(name)) return;
  if (value) el.setAttribute(name, value);
  else el.removeAttribute(name);
}

/** A titled card of the editor (the main column's parts, the side panel's groups). */
export function Section({ title, titleId, actions, children, testId, className }: { title: ReactNode; titleId?: string; actions?: ReactNode; children: ReactNode; testId?: string; className?: string }) {
  return (
    <section className={`ce-section${className ? ` ${className}` : ''}`} data-testid={testId}>
      <header className="ce-section-head">
        <h3 id={titleId}>{title}</h3>
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
