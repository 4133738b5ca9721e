import { lazy, useRef, useState, type MouseEvent } from 'react';
import { useFocusHandover } from './focus-handover.ts';
import { useWake, useWakeIfFocused } from './wake.ts';
import { ChevronDownIcon } from 'primereact/icons/chevrondown';
import { TimesIcon } from 'primereact/icons/times';
import { classNames } from 'primereact/utils';
import { StandInFirst } from './StandInFirst.tsx';
import type { SelectProps, SelectStandIn, SelectValue } from './select-props.ts';
import { useFieldAria } from '../form/field-aria.ts';

const SelectDropdown = lazy(() => import('./SelectDropdown.tsx'));

export type { SelectValue, SelectOption, SelectProps, SelectStandIn } from './select-props.ts';

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/** Whether a value counts as chosen, as PrimeReact's Dropdown decides it (0 does, '' does not). */
const chosen = (value: SelectValue | null): value is SelectValue => value !== null && value !== undefined && value !== '';

/**
 * PrimeReact's closed Dropdown, drawn until the field is wanted (focused, clicked: `wake`) and while
 * its code loads: the same box, label, clear cross and trigger, and the focus ring. A click or an
 * opening key is remembered; the dropdown opens then, and takes the focus it had.
 */
function DropdownStandIn(props: SelectProps & { state: SelectStandIn; wake?: () => void }) {
  const { inputId, className, value, options, placeholder, showClear, invalid, disabled, state, wake } = props;
  const [focused, setFocused] = useState(false);
  const label = options.find((o) => o.value === value)?.label ?? null;
  const wanted = () => {
    if (disabled) return;
    state.open = true;
    wake?.();
  };
  // Waking draws the stand-in again, inside Suspense, until the dropdown is in: the focus goes along.
  useFocusHandover(inputId);
  useWakeIfFocused(inputId, wake, () => (state.focused = true));
  return (
    <div
      className={classNames('p-dropdown p-component p-inputwrapper', className, {
        'p-disabled': disabled,
        'p-invalid': invalid,
        'p-focus': focused,
        'p-dropdown-clearable': showClear && !disabled,
        'p-inputwrapper-filled': chosen(value),
        'p-inputwrapper-focus': focused,
      })}
      data-stand-in=""
      aria-busy={wake ? undefined : 'true'}
      onClick={wanted}
    >
      <div className="p-hidden-accessible">
        <input
          id={inputId}
          type="text"
          readOnly
          role="combobox"
          aria-expanded="false"
          aria-haspopup="listbox"
          aria-label={props['aria-label']}
          aria-required={props['aria-required']}
          aria-invalid={props['aria-invalid']}
          aria-describedby={props['aria-describedby']}
          disabled={disabled}
          value={label ?? ''}
          onFocus={() => {
            state.focused = true;
            setFocused(true);
            wake?.();
          }}
          onBlur={() => {
            state.focused = false;
            setFocused(false);
          }}
          onKeyDown={(e) => {
            if (OPEN_KEYS.has(e.key)) {
              e.preventDefault();
              wanted();
            }
          }}
        />
      </div>
      <span className={classNames('p-dropdown-label p-inputtext', { 'p-placeholder': label === null && placeholder, 'p-dropdown-label-empty': label === null && !placeholder })}>
        {label ?? (placeholder || '\u00a0')}
      </span>
      {chosen(value) && showClear && !disabled && options.length > 0 ? (
        <TimesIcon
          className="p-dropdown-clear-icon p-clickable"
          onClick={(e: MouseEvent) => {
            e.stopPropagation();
            props.onChange(null);
          }}
        />
      ) : null}
      {/* Out of the accessibility tree, as the dropdown's own (accessible-pt.ts): the combobox is the control */}
      <div className="p-dropdown-trigger" role="button" aria-haspopup="listbox" aria-expanded="false" aria-label={placeholder || props['aria-label']} aria-hidden="true">
        <ChevronDownIcon className="p-dropdown-trigger-icon p-clickable" />
      </div>
    </div>
  );
}

/**
 * A choice of one value. PrimeReact's Dropdown (with its virtual scroller, 15 KiB of Brotli) is not
 * needed to draw a screen (issue 12), nor its render until the field is used: it loads once the
 * field is focused or clicked, and a stand-in that looks the same holds its place until then, keeps
 * the focus and opens the dropdown once it is there.
 */
export function SelectInput(given: SelectProps) {
  const standIn = useRef<SelectStandIn>({ focused: false, open: false });
  const [awake, wake] = useWake();
  // In a form row: invalid, required and described as the row says.
  const aria = useFieldAria(given.inputId, { 'aria-required': given['aria-required'], 'aria-invalid': given['aria-invalid'] || given.invalid || undefined, 'aria-describedby': given['aria-describedby'] });
  const props: SelectProps = { ...given, 'aria-required': aria['aria-required'], 'aria-invalid': aria['aria-invalid'], 'aria-describedby': aria['aria-describedby'] };
  return (
    <StandInFirst awake={awake} standIn={<DropdownStandIn {...props} state={standIn.current} wake={awake ? undefined : wake} />}>
      <SelectDropdown {...props} standIn={standIn.current} />
    </StandInFirst>
  );
}
