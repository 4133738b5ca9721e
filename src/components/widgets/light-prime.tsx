import type { ButtonHTMLAttributes, HTMLAttributes, InputHTMLAttributes, ReactNode, Ref } from 'react';
import clsx from 'clsx';

/**
 * PrimeReact 10.9's Button, InputText and Tag as their markup, for what a list screen draws before
 * anyone touches it (issue 34: a list is usable once its island hydrates, and PrimeReact's core,
 * ~25 KiB compressed, plus these components' ~13 KiB held that back on Slow 4G). The same elements,
 * classes and attributes as PrimeReact's, so the theme draws them alike, a page built before and
 * after looks the same, and light-prime.test.tsx fails the day PrimeReact draws them otherwise.
 * Only the props the console gives them: no tooltip (LazyTooltip), ripple, badge or loading state;
 * a screen that needs those uses PrimeReact's own. Like SkeletonBar for Home (issue 12).
 */

type Severity = 'secondary' | 'success' | 'info' | 'warning' | 'danger' | 'help' | 'contrast';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  label?: string;
  /** an icon element (primereact/icons), drawn as given, or an icon font's classes ('pi pi-search') */
  icon?: ReactNode;
  severity?: Severity;
  size?: 'small' | 'large';
  outlined?: boolean;
  text?: boolean;
  rounded?: boolean;
  link?: boolean;
  children?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

const SIZE = { small: 'sm', large: 'lg' } as const;

export function Button({ label, icon, severity, size, outlined, text, rounded, link, disabled, className, children, ...rest }: ButtonProps) {
  const classes = clsx(
    className,
    'p-button p-component',
    { 'p-button-icon-only': icon && !label && !children, 'p-disabled': disabled, 'p-button-outlined': outlined, 'p-button-link': link, 'p-button-text': text, 'p-button-rounded': rounded },
    size && `p-button-${SIZE[size]}`,
    severity && `p-button-${severity}`,
  );
  return (
    <button aria-label={label || rest['aria-label']} className={classes} disabled={disabled} {...rest} data-pc-name="button" data-pc-section="root">
      {typeof icon === 'string' ? <span className={clsx('p-button-icon p-c', { 'p-button-icon-left': label }, icon)} data-pc-section="icon" /> : icon}
      {label ? (
        <span className="p-button-label p-c" data-pc-section="label">{label}</span>
      ) : children ? null : (
        <span className="p-button-label p-c" data-pc-section="label" dangerouslySetInnerHTML={{ __html: '&nbsp;' }} />
      )}
      {children}
    </button>
  );
}

export interface InputTextProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
}

const filled = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

export function InputText({ className, invalid, ...rest }: InputTextProps) {
  const classes = clsx(className, 'p-inputtext p-component', { 'p-disabled': rest.disabled, 'p-filled': filled(rest.value) || filled(rest.defaultValue), 'p-invalid': invalid });
  return <input className={classes} autoComplete={rest.autoComplete} {...rest} data-pc-name="inputtext" data-pc-section="root" />;
}

export interface TagProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  value?: ReactNode;
  severity?: Exclude<Severity, 'help' | 'contrast'> | null;
  rounded?: boolean;
  children?: ReactNode;
}

export function Tag({ value, severity = null, rounded, className, style, children, ...rest }: TagProps) {
  const classes = clsx(className, 'p-tag p-component', severity !== null && `p-tag-${severity}`, { 'p-tag-rounded': rounded });
  return (
    <span className={classes} style={style} {...rest} data-pc-name="tag" data-pc-section="root">
      <span className="p-tag-value" data-pc-section="value">{value}</span>
      <span>{children}</span>
    </span>
  );
}
