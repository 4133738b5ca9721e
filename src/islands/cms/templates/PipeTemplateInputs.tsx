import { useEffect, useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { useT } from '../../../lib/i18n/react.ts';
import templates from '../../../lib/i18n/ns/templates.ts';
import { allows, usePermissions } from '../../../stores/permission-gate.ts';
import type { FieldRendererProps } from '../../resource/types.ts';
import { fetchPipes, type PipeOption } from '../editor/editor-api.ts';
import { listTemplates } from './templates-api.ts';
import { TEMPLATE_PERMS } from './routes.ts';
import './pipe-templates.css';

export type PipeTemplates = Record<string, string>;
export const asTemplates = (v: unknown): PipeTemplates => (v && typeof v === 'object' && !Array.isArray(v) ? (v as PipeTemplates) : {});

type Props = FieldRendererProps & { pipes: PipeOption[]; testId?: string };

/**
 * A template per pipe (custom dynamic pages, page widgets, custom forms): each enabled pipe's
 * templates to choose from (a name can be typed too; empty = none in that pipe). Users who may not
 * list templates type the name.
 */
export function PipeTemplateInputs({ id, value, onChange, invalid, pipes, testId = 'dynamic-template' }: Props) {
  const t = useT(templates);
  const perms = usePermissions();
  const [choices, setChoices] = useState<Record<string, string[]>>({});
  const chosen = asTemplates(value);
  useEffect(() => {
    if (!allows(perms, TEMPLATE_PERMS.view)) return;
    for (const p of pipes) {
      void listTemplates(p.pipeCode).then((rows) => setChoices((c) => ({ ...c, [p.pipeCode]: rows.map((r) => r.path) }))).catch(() => undefined);
    }
  }, [pipes, perms]);
  return (
    <div className="dynamic-pipe-templates" id={id}>
      {pipes.map((p) => (
        <label key={p.pipeCode} className="dynamic-pipe-template">
          <span>{p.pipeName}</span>
          <Dropdown
            inputId={`${id}-${p.pipeCode}`} className={invalid ? 'p-invalid' : undefined} editable showClear filter={false}
            value={chosen[p.pipeCode] ?? ''} options={choices[p.pipeCode] ?? []} placeholder={t('dynamic.noTemplate')}
            onChange={(e) => onChange({ ...chosen, [p.pipeCode]: String(e.value ?? '') })}
            data-testid={`${testId}-${p.pipeCode}`}
          />
        </label>
      ))}
    </div>
  );
}

/** The same for a resource dialog outside the template screens: the current site's enabled pipes, loaded once. */
export function SitePipeTemplateInputs(p: Omit<Props, 'pipes'>) {
  const [pipes, setPipes] = useState<PipeOption[]>([]);
  useEffect(() => {
    void fetchPipes().then(setPipes).catch(() => undefined);
  }, []);
  return <PipeTemplateInputs {...p} pipes={pipes} />;
}
