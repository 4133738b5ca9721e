// SelectInput's props and its stand-in's state, apart from both halves: SelectInput.tsx draws the stand-in
// and loads SelectDropdown.tsx, which takes these same props, without either importing the other.

export type SelectValue = string | number;

export interface SelectOption {
  value: SelectValue;
  label: string;
}

export interface SelectProps {
  inputId?: string;
  className?: string;
  value: SelectValue | null;
  options: SelectOption[];
  placeholder?: string;
  /** a cross that empties the choice (onChange(null)) */
  showClear?: boolean;
  invalid?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-required'?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  onChange(value: SelectValue | null): void;
}

/** What the stand-in saw before the dropdown's code arrived: the dropdown takes the focus and opens if asked. */
export interface SelectStandIn {
  focused: boolean;
  open: boolean;
}
