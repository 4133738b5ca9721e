import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useLocale } from '../../../lib/i18n/react.ts';
import { message } from '../../../stores/notify.ts';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import { taskLogResource, taskResource } from '../../../../shared/resources/monitor/task.ts';
import type { Row } from '../../../lib/resources/client.ts';
import type { FieldRendererProps, ResourceExtensions, ScreenApi } from '../types.ts';
import { FieldInput } from '../FieldInput.tsx';
import { ResourceScreen } from '../ResourceScreen.tsx';
import { CronInput } from './cron-input.tsx';
import { RegistryArgInput, RegistryTaskSelect, registryOf, useRegistry } from './registry-task-select.tsx';
import { StatusSwitch } from './status-switch.tsx';

/** The task types the server can run (GET /monitor/task/typeOptions); the form's visibility rules read the last answer. */
const types = registryOf('/monitor/task/typeOptions');

function TaskTypeInput({ id, value, onChange, invalid, required }: FieldRendererProps) {
  useLocale();
  const tasks = useRegistry(types);
  return (
    <RegistryTaskSelect id={id} value={String(value ?? '')} tasks={tasks} invalid={invalid} required={required} placeholder={translate('monitor:task.chooseType')} onChange={(t) => onChange(t?.value ?? '')} />
  );
}

/** The argument of the chosen type. */
function TaskArgInput({ id, value, onChange, invalid, values }: FieldRendererProps) {
  useLocale();
  return <RegistryArgInput id={id} arg={types.find(values.taskType)?.arg} value={String(value ?? '')} invalid={invalid} onChange={onChange} />;
}

function FixedRateInput(p: FieldRendererProps) {
  useLocale();
  return (
    <div className="job-cron">
      <FieldInput id={p.id} name={p.name} field={taskResource.fields.fixedRate} variant="form" value={p.value} invalid={p.invalid} onChange={p.onChange} />
      <small className="job-target-text">{translate('monitor:task.fixedRateHint')}</small>
    </div>
  );
}

/** "Cron 0 0 3 * * ?" or "Periodic: every 60 s, fixed delay, first run 0 s after enabling". */
function TriggerCell({ row }: { row: Row }) {
  useLocale();
  if (row.taskTrigger === 'Cron') {
    return (
      <span>
        {translate('monitor:task.trigger.Cron')} <code className="task-cron">{String(row.cron ?? '')}</code>
      </span>
    );
  }
  const mode = translate(row.fixedRate === 'Y' ? 'monitor:task.fixedRate' : 'monitor:task.fixedDelay');
  return <span>{translate('monitor:task.periodic', { period: row.period, mode, delay: row.initialDelay })}</span>;
}

/** The task's runs in a dialog: the generic screen of the log, fixed to this task. */
function TaskLogs({ row }: { row: Row }) {
  useLocale();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button text size="small" icon="pi pi-history" label={translate('monitor:task.logs')} onClick={() => setOpen(true)} />
      <Dialog
        header={translate('monitor:task.logsOf', { name: String(row.taskName ?? '') })}
        visible={open}
        onHide={() => setOpen(false)}
        style={{ width: 'min(1000px, 95vw)' }}
        className="task-logs-dialog"
        data-testid="task-logs"
        blockScroll
      >
        {open ? <ResourceScreen def={taskLogResource} extensions={{ fixedFilters: { taskId: String(row.taskId) } }} /> : null}
      </Dialog>
    </>
  );
}

interface RunLog {
  result?: string;
  message?: string;
}

async function runOnce(row: Row, api: ScreenApi) {
  const ok = await askToConfirm(translate('monitor:task.runConfirm', { name: String(row.taskName ?? '') }), 'info');
  if (!ok) return;
  const res = await http.post<RunLog>(`/monitor/task/exec/${String(row.taskId)}`).catch(() => null);
  if (!res) return;
  const log = res.data ?? {};
  if (log.result === '0') message.success(translate('monitor:task.runDone', { message: log.message || '-' }));
  else message.error(translate('monitor:task.runFailed', { message: log.message || '-' }));
  api.reload();
}

const TRIGGER_FIELDS: Record<string, string> = { cron: 'Cron', fixedRate: 'Periodic', period: 'Periodic', initialDelay: 'Periodic' };

/**
 * Scheduled tasks: type and argument inputs, the trigger's fields by trigger type (with the cron
 * preview), the shared status switch, run once, and each task's runs in a dialog.
 */
export const taskExtensions: ResourceExtensions = {
  formInit: async (_mode, values) => {
    await types.load();
    return values;
  },
  formVisible: (name, values) => {
    if (name === 'taskArg') return !!types.find(values.taskType)?.arg;
    const trigger = TRIGGER_FIELDS[name];
    return !trigger || values.taskTrigger === trigger;
  },
  fields: {
    taskType: (p) => <TaskTypeInput {...p} />,
    taskArg: (p) => <TaskArgInput {...p} />,
    cron: (p) => <CronInput {...p} previewUrl="/monitor/task/cronNextRuns" />,
    fixedRate: (p) => <FixedRateInput {...p} />,
  },
  columns: {
    taskType: (row) => (
      <span>
        {String(row.taskTypeName ?? row.taskType)} <code className="job-target-key">{String(row.taskType)}</code>
        {row.taskArg ? <code className="job-target-key"> ({String(row.taskArg)})</code> : null}
      </span>
    ),
    taskTrigger: (row) => <TriggerCell row={row} />,
    // The next run (readyTime) follows the status, so the list reloads.
    status: (row, api) => <StatusSwitch row={row} idField="taskId" url="/monitor/task/changeStatus" perm="monitor:task:changeStatus" testId={`task-status-${String(row.taskId)}`} onChanged={api.reload} />,
  },
  rowActions: (row, api) => (
    <>
      <HasPermi anyOf={['monitor:task:run']}>
        <Button text size="small" icon="pi pi-play" label={translate('monitor:task.run')} onClick={() => void runOnce(row, api)} />
      </HasPermi>
      <TaskLogs row={row} />
    </>
  ),
};
