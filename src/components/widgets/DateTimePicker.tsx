import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'primereact/ts-helpers';
import { Calendar } from 'primereact/calendar';
import { useFocusHandover } from './focus-handover.ts';
import { openWhenPlaced } from './open-when-placed.ts';
import { useT } from '../../lib/i18n/react.ts';
import widgets from '../../lib/i18n/ns/widgets.ts';

export interface DateTimeProps {
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
  /** a day without a time (yyyy-mm-dd) */
  dateOnly?: boolean;
  disabled?: boolean;
  /** set by DateTimeInput from its form row (useFieldAria) */
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  'aria-describedby'?: string;
}

/** What was typed into DateTimeInput's stand-in before the picker arrived (see takeFirst and takeText). */
export interface StandInState {
  text: string;
  /** the user typed: the text is theirs, not the value's */
  edited: boolean;
  /** the stand-in's button was clicked: the panel opens once the picker is in */
  open?: boolean;
}

const setText = (input: HTMLInputElement, text: string) => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
  input.setSelectionRange(text.length, text.length);
};

/**
 * The first half of the picker taking over from the stand-in, in the commit that swaps them (the
 * focus comes with focus-handover.ts): the text, and what is typed until the second half.
 * Returns the follower, to remove.
 */
function takeFirst(input: HTMLInputElement, state: StandInState): () => void {
  if (state.edited) setText(input, state.text);
  const follow = () => Object.assign(state, { text: input.value, edited: true });
  input.addEventListener('input', follow);
  return () => input.removeEventListener('input', follow);
}

/**
 * The second half, once the Calendar's own mount effects have written its value's text: what was
 * typed, given to the Calendar as if typed here (an `input` event, which it parses as it does keys).
 */
function takeText(input: HTMLInputElement, state: StandInState): void {
  if (!state.edited) return;
  setText(input, state.text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * PrimeReact's Calendar, which DateTimeInput loads when a screen first draws a date field (it is the
 * largest form widget: ~16 KiB compressed, which a list page need not wait for).
 *
 * A date-time field (yyyy-mm-dd hh:mm) that takes typing as well as picks from its panel. The panel
 * opens from its button, not on focus: an open PrimeReact panel takes the focus as soon as the typed
 * text parses as a date, which dropped the rest of what was typed (the time). And while the field has
 * the focus it keeps the value it had when focused: PrimeReact 10.9 rewrites the text whenever its
 * value changes, so feeding back "2026-11-22" parsed at 00:00 would overwrite the time being typed.
 */
export function DateTimePicker({ id, value, onChange, placeholder, invalid, buttonBar, required, dateOnly, disabled, standIn, ...aria }: DateTimeProps & { standIn?: StandInState }) {
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
  // Calendar passes no aria-* props to its input: its pass-through does (kept stable for the memo).
  const { 'aria-invalid': ariaInvalid, 'aria-required': ariaRequired, 'aria-describedby': describedBy } = aria;
  // Its button named in the page's language, as the stand-in's (PrimeReact's own name is English).
  const choose = useT(widgets)('picker.choose');
  const pt = useMemo(
    () => ({ input: { root: { 'aria-invalid': ariaInvalid, 'aria-required': ariaRequired, 'aria-describedby': describedBy } }, dropdownButton: { root: { 'aria-label': choose } } }),
    [ariaInvalid, ariaRequired, describedBy, choose],
  );
  const calendar = useRef<Calendar>(null);
  // The stand-in's focus and text, in the commit that swaps them; then, after the Calendar's own
  // mount effects (a parent's effects run after its children's, and they write the value's text),
  // the text as typed.
  const unfollow = useRef<(() => void) | null>(null);
  useFocusHandover(id);
  useLayoutEffect(() => {
    const input = document.getElementById(id);
    if (standIn && input instanceof HTMLInputElement) unfollow.current = takeFirst(input, standIn);
  }, []);
  useEffect(() => {
    const input = document.getElementById(id);
    unfollow.current?.();
    if (standIn && input instanceof HTMLInputElement) takeText(input, standIn);
    // Its stand-in's button was clicked: the panel, as the picker's own button would open it.
    // Opened before its portal is in, the panel comes out unplaced (no layer, at the page's top).
    const picker = calendar.current;
    if (standIn?.open && picker) openWhenPlaced({ show: () => picker.show(), hide: () => picker.hide(), overlay: () => picker.getOverlay(), placed: (el) => !!el.style.zIndex });
    if (standIn) standIn.open = false;
  }, []);
  return (
    <Calendar
      ref={calendar}
      inputId={id}
      className={invalid ? 'p-invalid' : undefined}
      value={shown.current}
      showTime={!dateOnly}
      hourFormat="24"
      dateFormat="yy-mm-dd"
      placeholder={placeholder}
      showOnFocus={false}
      showIcon
      showButtonBar={buttonBar}
      required={required}
      disabled={disabled}
      onFocus={focus}
      onBlur={blur}
      onChange={change}
      pt={pt}
    />
  );
}
