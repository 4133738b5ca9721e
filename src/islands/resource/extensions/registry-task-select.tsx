import { Dropdown } from 'primereact/dropdown';

/** A task from the server's registry (jobs' targets, scheduled tasks' types) and the argument it takes. */
export interface RegistryTask {
  value: string;
  label: string;
  arg: 'days' | 'text' | null;
}

interface Props {
  id: string;
  value: string;
  tasks: RegistryTask[];
  invalid: boolean;
  placeholder: string;
  onChange(task: RegistryTask | undefined): void;
}

/** Picks a registered task; each choice shows its description and its key. */
export function RegistryTaskSelect({ id, value, tasks, invalid, placeholder, onChange }: Props) {
  return (
    <Dropdown
      inputId={id}
      className={invalid ? 'p-invalid' : undefined}
      value={value || null}
      options={tasks}
      optionLabel="label"
      optionValue="value"
      itemTemplate={(t: RegistryTask) => (
        <span>
          {t.label} <code className="job-target-key">{t.value}</code>
        </span>
      )}
      placeholder={placeholder}
      onChange={(e) => onChange(tasks.find((t) => t.value === e.value))}
    />
  );
}
