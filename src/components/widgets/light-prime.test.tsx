import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import './prime-provider.ts'; // PrimeReact's pass-through, as every page has it
import { Button as PrimeButton } from 'primereact/button';
import { InputText as PrimeInputText } from 'primereact/inputtext';
import { Tag as PrimeTag } from 'primereact/tag';
import { PencilIcon } from 'primereact/icons/pencil';
import { SearchIcon } from 'primereact/icons/search';
import { Button, InputText, Tag, type ButtonProps, type InputTextProps, type TagProps } from './light-prime.tsx';

// The list's first render draws these instead of PrimeReact's: the same markup, or the page would
// look different before and after its PrimeReact code comes (and differ from PrimeReact's theme).
const same = (ours: ReactElement, prime: ReactElement) => expect(renderToStaticMarkup(ours)).toBe(renderToStaticMarkup(prime));

describe('light PrimeReact markup', () => {
  const buttons: ButtonProps[] = [
    { label: 'Add', icon: <PencilIcon />, size: 'small', outlined: true },
    { label: 'Edit', icon: <PencilIcon />, size: 'small', outlined: true, severity: 'success', disabled: true },
    { label: 'Remove', icon: <PencilIcon />, size: 'small', text: true, severity: 'danger' },
    { label: 'Search', icon: <SearchIcon />, size: 'small', type: 'submit' },
    { label: 'Reset', size: 'small', outlined: true, severity: 'secondary', type: 'button', className: 'extra' },
    { icon: <SearchIcon />, rounded: true, outlined: true, size: 'small', severity: 'secondary', 'aria-label': 'Hide search', 'data-pr-tooltip': 'Hide search' } as ButtonProps,
    { label: 'Link', link: true, size: 'large', id: 'b1', title: 'a title' },
    { label: 'Find', icon: 'pi pi-search', size: 'small', type: 'submit', 'data-testid': 'find' } as ButtonProps,
    { icon: 'pi pi-eye', text: true, size: 'small', 'aria-label': 'Preview', title: 'Preview' },
  ];
  it.each(buttons.map((p, i) => [i, p] as const))('draws Button %i as PrimeReact does', (_, props) => {
    same(<Button {...props} />, <PrimeButton {...(props as object)} />);
  });

  it('draws a Button with children as PrimeReact does', () => {
    same(<Button size="small"><span>child</span></Button>, <PrimeButton size="small"><span>child</span></PrimeButton>);
  });

  const inputs: InputTextProps[] = [
    { id: 'search-name', placeholder: 'Name', value: '', onChange: () => undefined },
    { id: 'search-name', placeholder: 'Name', value: 'typed', onChange: () => undefined },
    { id: 'p', type: 'password', autoComplete: 'new-password', value: 'x', className: 'p-invalid', 'aria-invalid': true, onChange: () => undefined },
    { id: 'd', disabled: true, invalid: true, defaultValue: 'kept' },
  ];
  it.each(inputs.map((p, i) => [i, p] as const))('draws InputText %i as PrimeReact does', (_, props) => {
    same(<InputText {...props} />, <PrimeInputText {...(props as object)} />);
  });

  const tags: TagProps[] = [{ value: 'On' }, { value: 'On', severity: 'success', className: 'mine' }, { value: 'Off', severity: 'danger', rounded: true }, { value: 'Plain', severity: null }];
  it.each(tags.map((p, i) => [i, p] as const))('draws Tag %i as PrimeReact does', (_, props) => {
    same(<Tag {...props} />, <PrimeTag {...(props as object)} />);
  });
});
