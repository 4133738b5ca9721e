import { lazy, useLayoutEffect, useRef } from 'react';
import { CalendarIcon } from 'primereact/icons/calendar';
import { classNames } from 'primereact/utils';
import { formatDateTime } from '../../../shared/format.ts';
import { StandInFirst } from './StandInFirst.tsx';
import type { DateTimeProps, StandInState } from './DateTimePicker.tsx';
import { useFieldAria } from '../form/field-aria.ts';
import { useFocusHandover } from './focus-handover.ts';

const DateTimePicker = lazy(() => import('./DateTimePicker.tsx').then((m) => ({ default: m.DateTimePicker })));

/** What the field shows, as the picker's `dateFormat` writes it. */
const pickerText = (value: Date | null, dateOnly = false): string => formatDateTime(value, dateOnly ? '{y}-{m}-{d}' : '{y}-{m}-{d} {h}:{i}');

/**
 * The calendar's look while its code loads: the same wrapper, input and button. The input takes
 * typing; the picker then takes over the text and the focus (DateTimePicker's takeFirst and takeText, and focus-handover.ts). Its button
 * waits, disabled.
 */
function PickerStandIn({ id, value, placeholder, invalid, dateOnly, disabled, state, ...aria }: DateTimeProps & { state: StandInState }) {
  const ref = useRef<HTMLInputElement>(null);
  // StandInFirst draws the stand-in again, as Suspense's fallback, once the page has hydrated: a
  // new input in place of the one being typed in (perhaps typed in before it hydrated), and then
  // the picker in place of that. Each hands over to the next as it leaves, in the commit that
  // swaps them: its focus (focus-handover.ts) and its text.
  useFocusHandover(id);
  useLayoutEffect(() => {
    const input = ref.current;
    if (!input) return;
    const drawn = input.value;
    return () => {
      if (input.value !== drawn) Object.assign(state, { text: input.value, edited: true });
    };
  }, []);
  const wrapper = classNames('p-calendar p-component p-inputwrapper p-calendar-w-btn p-calendar-w-btn-right', { 'p-invalid': invalid, 'p-inputwrapper-filled': value, 'p-disabled': disabled });
  return (
    <span className={wrapper} aria-busy="true">
      <input
        id={id}
        className="p-inputtext p-component"
        type="text"
        disabled={disabled}
        ref={ref}
        defaultValue={state.edited ? state.text : pickerText(value, dateOnly)}
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={aria['aria-invalid']}
        aria-required={aria['aria-required']}
        aria-describedby={aria['aria-describedby']}
        onInput={(e) => Object.assign(state, { text: e.currentTarget.value, edited: true })}
      />
      <button type="button" className="p-datepicker-trigger p-button p-component p-button-icon-only" tabIndex={-1} disabled aria-hidden="true">
        <CalendarIcon />
        {/* PrimeReact's icon-only Button keeps an empty label, which sets its width */}
        <span className="p-button-label p-c">&nbsp;</span>
      </button>
    </span>
  );
}

/**
 * A date or date-time field (see DateTimePicker). The picker's code arrives after the screen is
 * drawn; until then a stand-in looks the same and keeps what is typed into it.
 */
export function DateTimeInput(given: DateTimeProps) {
  const standIn = useRef<StandInState>({ text: '', edited: false });
  // In a form row: invalid, required and described as the row says.
  const aria = useFieldAria(given.id, { 'aria-required': given['aria-required'] ?? (given.required || undefined), 'aria-invalid': given['aria-invalid'] ?? (given.invalid || undefined), 'aria-describedby': given['aria-describedby'] });
  const props: DateTimeProps = { ...given, 'aria-required': aria['aria-required'], 'aria-invalid': aria['aria-invalid'], 'aria-describedby': aria['aria-describedby'] };
  return (
    <StandInFirst standIn={<PickerStandIn {...props} state={standIn.current} />}>
      <DateTimePicker {...props} standIn={standIn.current} />
    </StandInFirst>
  );
}
