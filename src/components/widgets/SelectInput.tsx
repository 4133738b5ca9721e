import { lazy, useRef, useState, type MouseEvent } from 'react';
import { ChevronDownIcon } from 'primereact/icons/chevrondown';
import { TimesIcon } from 'primereact/icons/times';
import classNames from 'clsx';
import { StandInFirst } from './StandInFirst.tsx';
import type { SelectProps, SelectStandIn, SelectValue } from './select-props.ts';
import { useFieldAria } from '../form/field-aria.ts';
import { OPEN_KEYS } from './open-when-placed.ts';

const SelectDropdown = lazy(() => import('./SelectDropdown.tsx'));

export type { SelectValue, SelectOption, SelectProps, SelectStandIn } from './select-props.ts';

/** Whether a value counts as chosen, as PrimeReact's Dropdown decides it (0 does, '' does not). */
const chosen = (value: SelectValue | null): value is SelectValue => value !== null && value !== undefined && value !== '';

/**
 * PrimeReact's closed Dropdown, drawn while its code loads: the same box, label, clear cross and
 * trigger, and the focus ring. A click or an opening key is remembered; the dropdown opens then.
 */
function DropdownStandIn(props: SelectProps & { state: SelectStandIn }) {
  const { inputId, className, value, options, placeholder, showClear, invalid, disabled, state } = props;
  const [focused, setFocused] = useState(false);
  const label = options.find((o) => o.value === value)?.label ?? null;
  const wanted = () => {
    if (!disabled) state.open = true;
  };
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
      aria-busy="true"
      onClick={wanted}
    >
      <div className="p-hidden-accessible">
        <input
          id={inputId}
          type="text"
          readOnly
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
      <div className="p-dropdown-trigger" role="button" aria-haspopup="listbox" aria-expanded="false" aria-label={placeholder || props['aria-label']}>
        <ChevronDownIcon className="p-dropdown-trigger-icon p-clickable" />
      </div>
    </div>
  );
}

/**
 * A choice of one value. PrimeReact's Dropdown (with its virtual scroller, 15 KiB of Brotli) is not
 * needed to draw a list's first screen (issue 12): it loads as the field is drawn, and a stand-in
 * that looks the same holds its place, keeps the focus and opens the dropdown once it is there.
 */
export function SelectInput(given: SelectProps) {
  const standIn = useRef<SelectStandIn>({ focused: false, open: false });
  // In a form row: invalid, required and described as the row says.
  const aria = useFieldAria(given.inputId, { 'aria-required': given['aria-required'], 'aria-invalid': given['aria-invalid'] || given.invalid || undefined, 'aria-describedby': given['aria-describedby'] });
  const props: SelectProps = { ...given, 'aria-required': aria['aria-required'], 'aria-invalid': aria['aria-invalid'], 'aria-describedby': aria['aria-describedby'] };
  return (
    <StandInFirst standIn={<DropdownStandIn {...props} state={standIn.current} />}>
      <SelectDropdown {...props} standIn={standIn.current} />
    </StandInFirst>
  );
}
