import { useEffect, useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useFieldAria } from '../../../components/form/field-aria.ts';

/** A task from the server's registry (jobs' targets, scheduled tasks' types) and the argument it takes. */
export interface RegistryTask {
  value: string;
  label: string;
  arg: 'days' | 'text' | null;
}

/**
 * A registry fetched once per page (a failed fetch is tried again next time). `known()` is the
 * last answer, for code that must decide synchronously (e.g. which form fields show).
 */
export function registryOf(url: string) {
  let once: Promise<RegistryTask[]> | null = null;
  let known: RegistryTask[] = [];
  const load = () =>
    (once ??= http
      .get<RegistryTask[]>(url)
      .then((r) => (known = r.data ?? []))
      .catch(() => ((once = null), [])));
  return { load, known: () => known, find: (key: unknown) => known.find((t) => t.value === key) };
}
export type Registry = ReturnType<typeof registryOf>;

/** The registry's tasks, empty until the (single) fetch answers. */
export function useRegistry(registry: Registry) {
  const [tasks, setTasks] = useState(registry.known);
  useEffect(() => {
    let live = true;
    void registry.load().then((t) => live && setTasks(t));
    return () => {
      live = false;
    };
  }, [registry]);
  return tasks;
}

interface Props {
  id: string;
  value: string;
  tasks: RegistryTask[];
  invalid: boolean;
  placeholder: string;
  required?: boolean;
  onChange(task: RegistryTask | undefined): void;
}

/** Picks a registered task; each choice shows its description and its key. */
export function RegistryTaskSelect({ id, value, tasks, invalid, placeholder, required, onChange }: Props) {
  const aria = useFieldAria(id, { 'aria-required': required || undefined, 'aria-invalid': invalid || undefined });
  return (
    <Dropdown
      inputId={id}
      className={invalid ? 'p-invalid' : undefined}
      {...aria}
      value={value || null}
      options={tasks}
      optionLabel="label"
      optionValue="value"
      panelClassName="task-select-panel"
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

interface ArgProps {
  id: string;
  arg: RegistryTask['arg'] | undefined;
  value: string;
  invalid?: boolean;
  /** only where no form label names the input */
  ariaLabel?: string;
  onChange(text: string): void;
}

/** The argument a registered task takes: days to keep (digits only) or a text. */
export function RegistryArgInput({ id, arg, value, invalid, ariaLabel, onChange }: ArgProps) {
  const days = arg === 'days';
  const aria = useFieldAria(id, { 'aria-invalid': invalid || undefined });
  return (
    <InputText
      id={id}
      className={invalid ? 'p-invalid' : undefined}
      {...aria}
      value={value}
      keyfilter={days ? 'pint' : undefined}
      placeholder={translate(days ? 'monitor:job.argDays' : 'monitor:job.argText')}
      aria-label={ariaLabel}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
