import { lazy } from 'react';
import { ChevronDownIcon } from 'primereact/icons/chevrondown';
import { StandInFirst } from './StandInFirst.tsx';

const MultiSelect = lazy(() => import('primereact/multiselect').then((m) => ({ default: m.MultiSelect })));

interface Option {
  value: string;
  label: string;
}

interface Props {
  inputId: string;
  value: string[];
  options: Option[];
  placeholder?: string;
  /** more values than this show as a count */
  maxSelectedLabels?: number;
  onChange(values: string[]): void;
}

/** PrimeReact's closed MultiSelect, drawn while its code loads: the same box, label and trigger. */
export function MultiSelectStandIn({ inputId, value, options, placeholder }: Pick<Props, 'inputId' | 'value' | 'options' | 'placeholder'>) {
  const labels = options.filter((o) => value.includes(o.value)).map((o) => o.label);
  return (
    <div className="p-multiselect p-component p-inputwrapper" aria-busy="true">
      <div className="p-hidden-accessible">
        <input id={inputId} type="text" role="combobox" aria-expanded="false" readOnly value="" />
      </div>
      <div className="p-multiselect-label-container">
        <div className={labels.length ? 'p-multiselect-label' : 'p-multiselect-label p-placeholder'}>{labels.length ? labels.join(', ') : placeholder}</div>
      </div>
      <div className="p-multiselect-trigger">
        <ChevronDownIcon className="p-multiselect-trigger-icon p-c" />
      </div>
    </div>
  );
}

/**
 * A filter of several values (the content list's attributes). PrimeReact's MultiSelect is 10 KiB of
 * Brotli that the list's first draw does not need (issue 12): it loads as the search form is drawn,
 * and a stand-in that looks the same holds its place until then.
 */
export function MultiSelectInput(props: Props) {
  const { inputId, value, options, placeholder, maxSelectedLabels, onChange } = props;
  return (
    <StandInFirst standIn={<MultiSelectStandIn {...props} />}>
      <MultiSelect
        inputId={inputId}
        value={value}
        options={options}
        optionLabel="label"
        optionValue="value"
        placeholder={placeholder}
        showSelectAll={false}
        maxSelectedLabels={maxSelectedLabels}
        onChange={(e) => onChange((e.value as string[]) ?? [])}
      />
    </StandInFirst>
  );
}
