import { RadioButton } from 'primereact/radiobutton';
import { Checkbox } from 'primereact/checkbox';
import './widgets.css';

interface Choice {
  value: string;
  label: string;
}

interface Props {
  /** the group's id: its field's label and error are tied to it (the row sets aria-invalid / aria-describedby on it) */
  id: string;
  /** the group's name for assistive technology (its field's label) */
  label: string;
  /** one choice (radios) or several (checkboxes) */
  multiple: boolean;
  value: string | string[] | null;
  options: readonly Choice[];
  disabled?: boolean;
  required?: boolean;
  onChange(value: string | string[]): void;
}

/**
 * A few choices shown at once: radios for one, checkboxes for several, in a named group
 * (radiogroup / group), each choice labelled. Each choice's id is `<id>-<value>`.
 */
export function ChoiceGroup({ id, label, multiple, value, options, disabled, required, onChange }: Props) {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return (
    <div id={id} role={multiple ? 'group' : 'radiogroup'} aria-label={label} aria-required={!multiple && required ? true : undefined} className="choice-group">
      {options.map((c) => {
        const inputId = `${id}-${c.value}`;
        return (
          <span key={c.value} className="choice-group-item">
            {multiple
              ? <Checkbox inputId={inputId} checked={list.includes(c.value)} disabled={disabled} onChange={(e) => onChange(e.checked ? [...list, c.value] : list.filter((v) => v !== c.value))} />
              : <RadioButton inputId={inputId} name={id} value={c.value} checked={list[0] === c.value} disabled={disabled} onChange={(e) => onChange(String(e.value))} />}
            <label htmlFor={inputId}>{c.label}</label>
          </span>
        );
      })}
    </div>
  );
}
