import clsx from 'clsx';

/**
 * PrimeReact 10.9's IconBase (primereact/iconbase) without PrimeReact's utilities: the build puts it
 * in place of PrimeReact's (astro.config.mjs resolve.alias), so that an icon (primereact/icons/*)
 * costs its own path and no longer ~10 KiB compressed of ObjectUtils and DomHandler; a screen that
 * draws only icons then loads no PrimeReact core before it is usable (issue 34). It gives the same
 * props for the same input (icon-base.test.ts compares it with PrimeReact's); getPTI is all the icons
 * and PrimeReact's components call.
 */
type Props = Record<string, unknown> & { className?: string | null; label?: string | null; spin?: boolean };

// PrimeReact's also names its type (__TYPE), which no icon reads: left out, so that a page drawing
// icons does not look as if it loaded a PrimeReact component (tests/budget.test.ts).
const defaultProps = { className: null, label: null, spin: false } as const;

const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0) || (!(v instanceof Date) && typeof v === 'object' && Object.keys(v as object).length === 0);

/** The props not among IconBase's own (ObjectUtils.findDiffKeys). */
const otherProps = (props: Props | null | undefined): Record<string, unknown> =>
  props ? Object.fromEntries(Object.entries(props).filter(([k]) => !Object.prototype.hasOwnProperty.call(defaultProps, k))) : {};

export const IconBase = {
  getOtherProps: otherProps,
  getPTI(props: Props) {
    const noLabel = isEmpty(props.label);
    const pti = {
      className: clsx('p-icon', { 'p-icon-spin': props.spin }, props.className),
      role: noLabel ? undefined : 'img',
      'aria-label': noLabel ? undefined : props.label,
      'aria-hidden': props.label ? noLabel : undefined,
    };
    return { ...pti, ...otherProps(props) };
  },
};
