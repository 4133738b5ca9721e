import { lazy, Suspense } from 'react';
import { Dropdown } from 'primereact/dropdown';

// Few forms have a field of several values: its picker loads when one shows, not with every list.
const MultiSelect = lazy(() => import('primereact/multiselect').then((m) => ({ default: m.MultiSelect })));

interface Props {
  id: string;
  value: unknown;
  options: { value: unknown; label: string }[];
  invalid?: boolean;
  required?: boolean;
  placeholder?: string;
  onChange(values: unknown[]): void;
}

/** A field of several values as chips (e.g. a multi-value dictionary field, a user's roles); a filter once the list is long. */
export function MultiChoice({ id, value, options, invalid, required, placeholder, onChange }: Props) {
  return (
    <Suspense fallback={<Dropdown inputId={id} disabled placeholder={placeholder} />}>
      <MultiSelect
        inputId={id}
        className={invalid ? 'p-invalid' : undefined}
        aria-required={required || undefined}
        value={Array.isArray(value) ? value : []}
        options={options}
        optionLabel="label"
        optionValue="value"
        display="chip"
        filter={options.length > 8}
        placeholder={placeholder}
        onChange={(e) => onChange(e.value as unknown[])}
      />
    </Suspense>
  );
}
