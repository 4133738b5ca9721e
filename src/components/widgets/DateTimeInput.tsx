import { useCallback, useRef, useState } from 'react';
import type { FormEvent } from 'primereact/ts-helpers';
import { Calendar } from 'primereact/calendar';

interface Props {
  id: string;
  value: Date | null;
  onChange(value: Date | null): void;
  placeholder?: string;
  invalid?: boolean;
  /** the panel's Today / Clear bar */
  buttonBar?: boolean;
  /**
   * the field must be filled in: the input's `required` (PrimeReact's Calendar passes no aria-*
   * props on; forms are noValidate, so this only tells assistive technology)
   */
  required?: boolean;
}

/**
 * A date-time field (yyyy-mm-dd hh:mm) that takes typing as well as picks from its panel. The panel
 * opens from its button, not on focus: an open PrimeReact panel takes the focus as soon as the typed
 * text parses as a date, which dropped the rest of what was typed (the time). And while the field has
 * the focus it keeps the value it had when focused: PrimeReact 10.9 rewrites the text whenever its
 * value changes, so feeding back "2026-11-22" parsed at 00:00 would overwrite the time being typed.
 */
export function DateTimeInput({ id, value, onChange, placeholder, invalid, buttonBar, required }: Props) {
  const [typing, setTyping] = useState(false);
  const shown = useRef(value);
  if (!typing) shown.current = value;
  // Calendar is memoised, and it draws its whole month panel on every render, open or not (two
  // date fields cost a list ~10 ms a render): stable handlers let it skip the renders of the list
  // around it. The latest onChange is read through a ref.
  const latest = useRef(onChange);
  latest.current = onChange;
  const focus = useCallback(() => setTyping(true), []);
  const blur = useCallback(() => setTyping(false), []);
  const change = useCallback((e: FormEvent<Date>) => latest.current((e.value as Date | null | undefined) ?? null), []);
  return (
    <Calendar
      inputId={id}
      className={invalid ? 'p-invalid' : undefined}
      value={shown.current}
      showTime
      hourFormat="24"
      dateFormat="yy-mm-dd"
      placeholder={placeholder}
      showOnFocus={false}
      showIcon
      showButtonBar={buttonBar}
      required={required}
      onFocus={focus}
      onBlur={blur}
      onChange={change}
    />
  );
}
