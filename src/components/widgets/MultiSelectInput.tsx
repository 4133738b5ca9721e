import { lazy, useRef } from 'react';
import { ChevronDownIcon } from 'primereact/icons/chevrondown';
import { TimesCircleIcon } from 'primereact/icons/timescircle';
import classNames from 'clsx';
import { StandInFirst } from './StandInFirst.tsx';
import { useFieldAria } from '../form/field-aria.ts';
import { OPEN_KEYS } from './open-when-placed.ts';
import type { FieldAria } from '../../lib/forms/field-aria.ts';
import type { MultiSelectStandInState } from './MultiSelectDropdown.tsx';

const MultiSelect = lazy(() => import('./MultiSelectDropdown.tsx'));

interface Props<V> {
  inputId: string;
  value: V[];
  options: { value: V; label: string }[];
  placeholder?: string;
  /** more values than this show as a count */
  maxSelectedLabels?: number;
  /** the chosen values as chips, each with its cross (forms), or as a list of labels (filters) */
  chips?: boolean;
  /** a search box above the options */
  filter?: boolean;
  invalid?: boolean;
  required?: boolean;
  disabled?: boolean;
  onChange(values: V[]): void;
}

/** PrimeReact shows chips while the values are no more than maxSelectedLabels, a count past it. */
const asChips = <V,>({ chips, maxSelectedLabels, value }: Props<V>) => !!chips && (maxSelectedLabels === undefined || value.length <= maxSelectedLabels);

/**
 * PrimeReact's closed MultiSelect, drawn while its code loads: the same box, label (the values as
 * chips, or their labels in a line) and trigger, so the field neither jumps nor changes height.
 * A click or an opening key is remembered: the panel opens once the MultiSelect is there.
 */
function MultiSelectStandIn<V>(props: Props<V> & { aria: FieldAria; state: MultiSelectStandInState }) {
  const { inputId, value, options, placeholder, invalid, disabled, aria, state } = props;
  const wanted = () => {
    if (!disabled) state.open = true;
  };
  const labels = options.filter((o) => value.includes(o.value)).map((o) => o.label);
  const chips = asChips(props);
  return (
    <div className={classNames('p-multiselect p-component p-inputwrapper', { 'p-multiselect-chip': chips, 'p-inputwrapper-filled': value.length > 0, 'p-invalid': invalid, 'p-disabled': disabled })} aria-busy="true" onClick={wanted}>
      <div className="p-hidden-accessible">
        <input
          id={inputId}
          type="text"
          role="combobox"
          aria-expanded="false"
          readOnly
          value=""
          disabled={disabled}
          {...aria}
          onKeyDown={(e) => {
            if (OPEN_KEYS.has(e.key)) {
              e.preventDefault();
              wanted();
            }
          }}
        />
      </div>
      <div className="p-multiselect-label-container">
        <div className={labels.length ? 'p-multiselect-label' : 'p-multiselect-label p-placeholder'}>
          {!labels.length
            ? placeholder
            : chips
              ? labels.map((label) => (
                  <div key={label} className="p-multiselect-token">
                    <span className="p-multiselect-token-label">{label}</span>
                    {disabled ? null : <TimesCircleIcon className="p-multiselect-token-icon" />}
                  </div>
                ))
              : labels.join(', ')}
        </div>
      </div>
      <div className="p-multiselect-trigger">
        <ChevronDownIcon className="p-multiselect-trigger-icon p-c" />
      </div>
    </div>
  );
}

/**
 * A choice of several values: the content list's attributes filter, a form's multi-value field (a
 * user's roles). PrimeReact's MultiSelect is 10 KiB of Brotli that a list's first draw does not
 * need (issue 12): it loads as the field is drawn, and a stand-in that looks the same holds its
 * place until then.
 */
export function MultiSelectInput<V>(props: Props<V>) {
  const { inputId, value, options, placeholder, maxSelectedLabels, chips, filter, invalid, required, disabled, onChange } = props;
  // In a form row: invalid, required and described as the row says.
  const aria = useFieldAria(inputId, { 'aria-required': required || undefined, 'aria-invalid': invalid || undefined });
  const standIn = useRef<MultiSelectStandInState>({ open: false });
  return (
    <StandInFirst standIn={<MultiSelectStandIn {...props} aria={aria} state={standIn.current} />}>
      <MultiSelect
        standIn={standIn.current}
        inputId={inputId}
        className={invalid ? 'p-invalid' : undefined}
        {...aria}
        value={value}
        options={options}
        optionLabel="label"
        optionValue="value"
        placeholder={placeholder}
        display={chips ? 'chip' : 'comma'}
        filter={filter}
        // A filter's "all" is no choice at all; a form's field picks values one by one.
        showSelectAll={chips ? undefined : false}
        maxSelectedLabels={maxSelectedLabels}
        disabled={disabled}
        onChange={(e) => onChange((e.value as V[]) ?? [])}
      />
    </StandInFirst>
  );
}
