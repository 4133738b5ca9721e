import { describe, expect, it } from 'vitest';
import { IconBase as PrimeIconBaseTyped } from 'primereact/iconbase';
import { IconBase } from './icon-base.ts';

// Its declaration leaves out the functions the icons call.
const PrimeIconBase = PrimeIconBaseTyped as unknown as typeof IconBase;

describe("the icons' light IconBase", () => {
  const cases: Record<string, unknown>[] = [
    {},
    { className: 'p-paginator-icon' },
    { spin: true, className: 'x' },
    { label: 'Loading', spin: true },
    { label: '' },
    { 'aria-hidden': true, onClick: () => undefined, style: { color: 'red' }, 'data-pc-section': 'icon' },
    { className: 'p-icon-extra', id: 'i1', label: 'Named' },
  ];
  it.each(cases.map((c, i) => [i, c] as const))('gives the props PrimeReact gives (%i)', (_, props) => {
    expect(IconBase.getPTI(props)).toEqual(PrimeIconBase.getPTI(props));
    expect(IconBase.getOtherProps(props)).toEqual(PrimeIconBase.getOtherProps(props));
  });
});
