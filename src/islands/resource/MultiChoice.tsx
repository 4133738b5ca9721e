import { MultiSelectInput } from '../../components/widgets/MultiSelectInput.tsx';

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
    <MultiSelectInput
      inputId={id}
      value={Array.isArray(value) ? value : []}
      options={options}
      chips
      filter={options.length > 8}
      invalid={invalid}
      required={required}
      placeholder={placeholder}
      onChange={onChange}
    />
  );
}
