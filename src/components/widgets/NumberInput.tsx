import { lazy } from 'react';
import { AngleUpIcon } from 'primereact/icons/angleup';
import { AngleDownIcon } from 'primereact/icons/angledown';
import classNames from 'clsx';
import { StandInFirst } from './StandInFirst.tsx';
import type { NumberProps } from './number-props.ts';
import { useFieldAria } from '../form/field-aria.ts';
import { useFocusHandover } from './focus-handover.ts';

const NumberSpinner = lazy(() => import('./NumberSpinner.tsx'));

export type { NumberProps } from './number-props.ts';

/** What the stand-in shows of a value: the number and its suffix, as InputNumber writes it. */
const shown = (value: number | null, suffix = '', grouping = false) => (value === null ? '' : `${new Intl.NumberFormat(undefined, { useGrouping: grouping }).format(value)}${suffix}`);

/** PrimeReact's InputNumber, drawn while its code loads: the same field (typing a number works) and its buttons, waiting. */
function NumberStandIn({ inputId, className, value, showButtons, min, suffix, placeholder, disabled, grouping, onChange, ...aria }: NumberProps) {
  useFocusHandover(inputId);
  const filled = value !== null;
  return (
    <span className={classNames('p-inputnumber p-component p-inputwrapper', className, { 'p-inputwrapper-filled': filled, 'p-inputnumber-buttons-stacked': showButtons, 'p-disabled': disabled })} aria-busy="true">
      <input
        id={inputId}
        className={classNames('p-inputnumber-input p-inputtext p-component', { 'p-filled': filled, 'p-disabled': disabled })}
        role="spinbutton"
        inputMode="numeric"
        type="text"
        aria-valuemin={min}
        aria-valuenow={value ?? undefined}
        aria-required={aria['aria-required']}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        placeholder={placeholder}
        disabled={disabled}
        value={shown(value, suffix, grouping)}
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, '');
          onChange(digits === '' ? null : Number(digits));
        }}
      />
      {showButtons ? (
        <span className="p-inputnumber-button-group">
          <button type="button" className="p-inputnumber-button p-inputnumber-button-up p-button p-button-icon-only p-component" tabIndex={-1} aria-hidden="true" disabled>
            <AngleUpIcon className="p-button-icon" />
          </button>
          <button type="button" className="p-inputnumber-button p-inputnumber-button-down p-button p-button-icon-only p-component" tabIndex={-1} aria-hidden="true" disabled>
            <AngleDownIcon className="p-button-icon" />
          </button>
        </span>
      ) : null}
    </span>
  );
}

/**
 * A whole number. PrimeReact's InputNumber (7 KiB of Brotli) is not needed to draw a list's first
 * screen (issue 12): it loads as the field is drawn; until then a stand-in looks the same and takes
 * digits.
 */
export function NumberInput(given: NumberProps) {
  // In a form row: invalid, required and described as the row says.
  const aria = useFieldAria(given.inputId, { 'aria-required': given['aria-required'], 'aria-invalid': given['aria-invalid'], 'aria-describedby': given['aria-describedby'] });
  const props: NumberProps = { ...given, 'aria-required': aria['aria-required'], 'aria-invalid': aria['aria-invalid'], 'aria-describedby': aria['aria-describedby'] };
  return (
    <StandInFirst standIn={<NumberStandIn {...props} />}>
      <NumberSpinner {...props} />
    </StandInFirst>
  );
}
