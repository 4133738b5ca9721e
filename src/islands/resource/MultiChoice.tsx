import { lazy } from 'react';
import { MultiSelectStandIn } from '../../components/widgets/MultiSelectInput.tsx';
import { StandInFirst } from '../../components/widgets/StandInFirst.tsx';

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
  const chosen = Array.isArray(value) ? value : [];
  return (
    <StandInFirst standIn={<MultiSelectStandIn inputId={id} value={chosen.map(String)} options={options.map((o) => ({ value: String(o.value), label: o.label }))} placeholder={placeholder} />}>
      <MultiSelect
        inputId={id}
        className={invalid ? 'p-invalid' : undefined}
        aria-required={required || undefined}
        value={chosen}
        options={options}
        optionLabel="label"
        optionValue="value"
        display="chip"
        filter={options.length > 8}
        placeholder={placeholder}
        onChange={(e) => onChange(e.value as unknown[])}
      />
    </StandInFirst>
  );
}
