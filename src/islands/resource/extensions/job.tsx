import { Button } from 'primereact/button';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useLocale } from '../../../lib/i18n/react.ts';
import { go } from '../../../lib/routes/navigation.ts';
import { message } from '../../../stores/notify.ts';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import { StatusSwitch } from './status-switch.tsx';
import type { Row } from '../../../lib/resources/client.ts';
import type { FieldRendererProps, ResourceExtensions, ScreenApi } from '../types.ts';
import { CronInput } from './cron-input.tsx';
import { RegistryArgInput, RegistryTaskSelect, registryOf, useRegistry } from './registry-task-select.tsx';

/** The tasks a job may run (GET /monitor/job/targets). */
const targets = registryOf('/monitor/job/targets');

const TARGET = /^([A-Za-z][\w.]*)(?:\((.*)\))?$/s;
/** `name(arg)` → [name, arg] */
export function splitTarget(text: string): [string, string] {
  const m = TARGET.exec(text.trim());
  return m ? [m[1]!, (m[2] ?? '').trim()] : ['', ''];
}
export const joinTarget = (name: string, arg: string, takesArg: boolean) => (name && takesArg && arg.trim() ? `${name}(${arg.trim()})` : name);

/** The invoke target: a registered task, and its argument when it takes one. */
function InvokeTargetInput({ id, value, onChange, invalid, required }: FieldRendererProps) {
  useLocale();
  const tasks = useRegistry(targets);
  const [name, arg] = splitTarget(String(value ?? ''));
  const target = tasks.find((t) => t.value === name);
  return (
    <div className="job-target">
      <RegistryTaskSelect
        id={id}
        value={name}
        tasks={tasks}
        invalid={invalid}
        required={required}
        placeholder={translate('monitor:job.chooseTarget')}
        onChange={(next) => onChange(joinTarget(next?.value ?? '', arg, !!next?.arg))}
      />
      {target?.arg ? (
        <RegistryArgInput id={`${id}-arg`} arg={target.arg} value={arg} ariaLabel={translate('monitor:job.argument')} onChange={(text) => onChange(joinTarget(name, text, true))} />
      ) : null}
      {name ? <small className="job-target-text">{joinTarget(name, arg, !!target?.arg)}</small> : null}
    </div>
  );
}

interface RunLog {
  status?: string;
  jobMessage?: string;
  exceptionInfo?: string;
}

async function runOnce(row: Row, api: ScreenApi) {
  const ok = await askToConfirm(translate('monitor:job.runConfirm', { name: String(row.jobName ?? '') }), 'info');
  if (!ok) return;
  const res = await http.put<RunLog>('/monitor/job/run', { jobId: row.jobId }).catch(() => null);
  if (!res) return;
  const log = res.data ?? {};
  if (String(log.status) === '0') message.success(translate('monitor:job.runDone', { message: log.jobMessage ?? '' }));
  else message.error(translate('monitor:job.runFailed', { message: log.exceptionInfo || log.jobMessage || '' }));
  api.reload();
}

/** Scheduled jobs: task and cron inputs, status switch, run once, and the way to the job log. */
export const jobExtensions: ResourceExtensions = {
  fields: {
    invokeTarget: (p) => <InvokeTargetInput {...p} />,
    cronExpression: (p) => <CronInput {...p} previewUrl="/monitor/job/cronNextRuns" />,
  },
  columns: {
    // 0 running, 1 paused; the next run times follow, so the list reloads.
    status: (row, api) => (
      <StatusSwitch row={row} idField="jobId" url="/monitor/job/changeStatus" perm="monitor:job:changeStatus" testId={`job-status-${String(row.jobId)}`} onChanged={api.reload} messageKeys={{ on: 'monitor:job.resumed', off: 'monitor:job.paused' }} />
    ),
  },
  rowActions: (row, api) => (
    <>
      <HasPermi anyOf={['monitor:job:run']}>
        <Button text size="small" icon="pi pi-play" label={translate('monitor:job.run')} onClick={() => void runOnce(row, api)} />
      </HasPermi>
      <Button text size="small" icon="pi pi-list" label={translate('monitor:job.logs')} onClick={() => void go(`/monitor/job-log?jobId=${String(row.jobId)}`)} />
    </>
  ),
  toolbar: () => <Button size="small" outlined severity="info" icon="pi pi-list" label={translate('monitor:job.logs')} onClick={() => void go('/monitor/job-log')} />,
};
