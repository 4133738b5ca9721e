// NumberInput's props, apart from both halves: NumberInput.tsx draws the stand-in and loads
// NumberSpinner.tsx, which takes these same props, without either importing the other.

export interface NumberProps {
  inputId: string;
  className?: string;
  value: number | null;
  /** up and down buttons beside the field (forms) */
  showButtons?: boolean;
  min?: number;
  /** written after the number, e.g. " seconds" */
  suffix?: string;
  placeholder?: string;
  disabled?: boolean;
  /** thousands separators, as the browser's language writes them (off by default) */
  grouping?: boolean;
  'aria-required'?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  /** the number as typed, or null when the field is emptied */
  onChange(value: number | null): void;
}
