import { lazy, useCallback, useRef, type MouseEvent } from 'react';
import type { MultiSelect as PrimeMultiSelect } from 'primereact/multiselect';
import { ChevronDownIcon } from 'primereact/icons/chevrondown';
import { TimesCircleIcon } from 'primereact/icons/timescircle';
import { classNames } from 'primereact/utils';
import { StandInFirst } from './StandInFirst.tsx';
import { useFieldAria } from '../form/field-aria.ts';
import type { FieldAria } from '../../lib/forms/field-aria.ts';
import { useFocusHandover } from './focus-handover.ts';
import { openWhenPlaced } from './open-when-placed.ts';
import { useWake, useWakeIfFocused } from './wake.ts';

/** What was done to the stand-in before the multi-select came: it takes the focus, opens. */
interface Wanted {
  focused: boolean;
  open: boolean;
}

const MultiSelect = lazy(() => import('primereact/multiselect').then((m) => ({ default: m.MultiSelect })));

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
 * PrimeReact's closed MultiSelect, drawn until the field is wanted (focused, clicked: `wake`) and
 * while its code loads: the same box, label (the values as chips, or their labels in a line) and
 * trigger, so the field neither jumps nor changes height. A click opens the multi-select once it is in.
 */
function MultiSelectStandIn<V>(props: Props<V> & { aria: FieldAria; state: Wanted; wake?: () => void }) {
  const { inputId, value, options, placeholder, invalid, disabled, aria, state, wake } = props;
  const chosen = options.filter((o) => value.includes(o.value));
  const labels = chosen.map((o) => o.label);
  const chips = asChips(props);
  useFocusHandover(inputId);
  useWakeIfFocused(inputId, wake, () => (state.focused = true));
  return (
    <div
      className={classNames('p-multiselect p-component p-inputwrapper', { 'p-multiselect-chip': chips, 'p-inputwrapper-filled': value.length > 0, 'p-invalid': invalid, 'p-disabled': disabled })}
      data-stand-in=""
      aria-busy={wake ? undefined : 'true'}
      onClick={() => {
        if (disabled) return;
        state.open = true;
        wake?.();
      }}
    >
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
          onFocus={() => {
            state.focused = true;
            wake?.();
          }}
          onBlur={() => (state.focused = false)}
        />
      </div>
      <div className="p-multiselect-label-container">
        <div className={labels.length ? 'p-multiselect-label' : 'p-multiselect-label p-placeholder'}>
          {!labels.length
            ? placeholder
            : chips
              ? chosen.map((o) => (
                  <div key={o.label} className="p-multiselect-token">
                    <span className="p-multiselect-token-label">{o.label}</span>
                    {disabled ? null : (
                      <TimesCircleIcon
                        className="p-multiselect-token-icon"
                        // As the multi-select's own cross: the value goes, the options stay closed.
                        onClick={(e: MouseEvent) => {
                          e.stopPropagation();
                          props.onChange(value.filter((v) => v !== o.value));
                        }}
                      />
                    )}
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
 * need (issue 12), nor its render until the field is used: it loads once the field is focused or
 * clicked, and a stand-in that looks the same holds its place until then.
 */
export function MultiSelectInput<V>(props: Props<V>) {
  const { inputId, value, options, placeholder, maxSelectedLabels, chips, filter, invalid, required, disabled, onChange } = props;
  // In a form row: invalid, required and described as the row says.
  const aria = useFieldAria(inputId, { 'aria-required': required || undefined, 'aria-invalid': invalid || undefined });
  const wanted = useRef<Wanted>({ focused: false, open: false });
  const [awake, wake] = useWake();
  // As it comes in place of its stand-in: the focus, and the options if the stand-in was clicked.
  const arrived = useCallback((select: PrimeMultiSelect | null) => {
    if (!select) return;
    // Clicked, it has the focus as PrimeReact's own click gives it (Escape then closes the options).
    if (wanted.current.focused || wanted.current.open) select.focus();
    if (wanted.current.open) openWhenPlaced({ show: () => select.show(), hide: () => select.hide(), overlay: () => select.getOverlay() });
    wanted.current = { focused: false, open: false };
  }, []);
  return (
    <StandInFirst awake={awake} standIn={<MultiSelectStandIn {...props} aria={aria} state={wanted.current} wake={awake ? undefined : wake} />}>
      <MultiSelect
        ref={arrived}
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
