import { lazy, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { CalendarIcon } from 'primereact/icons/calendar';
import classNames from 'clsx';
import { pickerText, typedValue } from './date-text.ts';
import { StandInFirst } from './StandInFirst.tsx';
import type { DateTimeProps, StandInState } from './DateTimePicker.tsx';
import { useFieldAria } from '../form/field-aria.ts';
import { useFocusHandover } from './focus-handover.ts';
import { useT } from '../../lib/i18n/react.ts';
import widgets from '../../lib/i18n/ns/widgets.ts';

const DateTimePicker = lazy(() => import('./DateTimePicker.tsx').then((m) => ({ default: m.DateTimePicker })));

/**
 * The calendar's look until it is wanted: the same wrapper, input and button. The picker's code and
 * its render (its whole month panel, every render, open or not) wait until the field is touched:
 * focused, typed into, its button clicked (`wake`). While the code loads (`wake` gone) the input
 * takes typing; the picker then takes over the text and the focus (DateTimePicker's takeFirst and
 * takeText, and focus-handover.ts), and opens its panel if the button asked for it.
 */
function PickerStandIn({ id, value, onChange, placeholder, invalid, dateOnly, disabled, state, wake, ...aria }: DateTimeProps & { state: StandInState; wake?: () => void }) {
  const t = useT(widgets);
  const ref = useRef<HTMLInputElement>(null);
  const shown = state.edited ? state.text : pickerText(value, dateOnly);
  // The stand-in is drawn again, as Suspense's fallback, once the field wakes: a new input in place
  // of the one being typed in (perhaps typed in before the page hydrated), and then the picker in
  // place of that. Each hands over to the next as it leaves, in the commit that swaps them: its
  // focus (focus-handover.ts) and its text.
  useFocusHandover(id);
  useLayoutEffect(() => {
    const input = ref.current;
    if (!input) return;
    // Focused or typed into before the page hydrated: wanted already. What was typed differs from
    // the value attribute the input was drawn with (hydration keeps the server's attribute).
    if (wake && (document.activeElement === input || input.value !== input.defaultValue)) wake();
    return () => {
      if (input.value !== input.defaultValue) Object.assign(state, { text: input.value, edited: true });
    };
  }, []);
  const wrapper = classNames('p-calendar p-component p-inputwrapper p-calendar-w-btn p-calendar-w-btn-right', { 'p-invalid': invalid, 'p-inputwrapper-filled': value, 'p-disabled': disabled });
  return (
    <span className={wrapper} data-stand-in="" aria-busy={wake ? undefined : 'true'}>
      <input
        id={id}
        className="p-inputtext p-component"
        type="text"
        disabled={disabled}
        ref={ref}
        defaultValue={shown}
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={aria['aria-invalid']}
        aria-required={aria['aria-required']}
        aria-describedby={aria['aria-describedby']}
        onFocus={wake}
        onInput={(e) => {
          const text = e.currentTarget.value;
          Object.assign(state, { text, edited: true });
          // Taken at once: a form sent before the picker is in (a date pasted, then OK) sends it.
          const typed = typedValue(text, dateOnly);
          if (typed !== undefined && typed?.getTime() !== value?.getTime()) onChange(typed);
          wake?.();
        }}
      />
      {/* As the picker's: out of the tab order, named, and it opens the panel (once the code is in) */}
      <button
        type="button"
        className="p-datepicker-trigger p-button p-component p-button-icon-only"
        tabIndex={-1}
        disabled={disabled || !wake}
        aria-label={t('picker.choose')}
        aria-haspopup="dialog"
        aria-expanded="false"
        onClick={() => {
          state.open = true;
          wake?.();
        }}
      >
        <CalendarIcon />
        {/* PrimeReact's icon-only Button keeps an empty label, which sets its width */}
        <span className="p-button-label p-c">&nbsp;</span>
      </button>
    </span>
  );
}

/**
 * A date or date-time field (see DateTimePicker). The picker's code arrives after the screen is
 * drawn; until then a stand-in looks the same and keeps what is typed into it. `waitUntilTouched`
 * (a list's search form) keeps the stand-in until the field is touched: a list page's hydration and
 * warm switch then neither load nor render its closed calendars (~25 ms of a Posts switch).
 */
export function DateTimeInput({ waitUntilTouched = false, ...given }: DateTimeProps & { waitUntilTouched?: boolean }) {
  const standIn = useRef<StandInState>({ text: '', edited: false, open: false });
  const [awake, setAwake] = useState(!waitUntilTouched);
  const wake = useCallback(() => setAwake(true), []);
  // In a form row: invalid, required and described as the row says.
  const aria = useFieldAria(given.id, { 'aria-required': given['aria-required'] ?? (given.required || undefined), 'aria-invalid': given['aria-invalid'] ?? (given.invalid || undefined), 'aria-describedby': given['aria-describedby'] });
  const props: DateTimeProps = { ...given, 'aria-required': aria['aria-required'], 'aria-invalid': aria['aria-invalid'], 'aria-describedby': aria['aria-describedby'] };
  return (
    <StandInFirst
      awake={awake}
      // Not typed into, the stand-in shows the value: drawn anew when it changes (a form reset while it waits).
      standIn={<PickerStandIn key={standIn.current.edited ? 'typed' : pickerText(props.value, props.dateOnly)} {...props} state={standIn.current} wake={awake ? undefined : wake} />}
    >
      <DateTimePicker {...props} standIn={standIn.current} />
    </StandInFirst>
  );
}
