import { useEffect, useState } from 'react';
import { InputText } from 'primereact/inputtext';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useLocale } from '../../../lib/i18n/react.ts';
import type { FieldRendererProps } from '../types.ts';
import { useFieldAria } from '../../../components/form/field-aria.ts';

/**
 * A cron expression, with the next run times the server computes for it (spec §9: 5). Jobs and
 * scheduled tasks each preview through their own endpoint (`previewUrl`), under their own permission.
 */
export function CronInput({ id, value, onChange, invalid, required, previewUrl }: FieldRendererProps & { previewUrl: string }) {
  useLocale();
  const aria = useFieldAria(id, { 'aria-required': required || undefined, 'aria-invalid': invalid || undefined });
  const text = String(value ?? '');
  const [runs, setRuns] = useState<string[] | null>(null);
  useEffect(() => {
    if (!text.trim()) return setRuns(null);
    let live = true;
    const timer = setTimeout(() => {
      http
        .get<string[]>(previewUrl, { cronExpression: text.trim() }, { quiet: true })
        .then((r) => live && setRuns(r.data ?? []))
        .catch(() => live && setRuns([]));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, previewUrl]);
  return (
    <div className="job-cron">
      <InputText id={id} className={invalid ? 'p-invalid' : undefined} {...aria} value={text} placeholder="0/10 * * * * ?" onChange={(e) => onChange(e.target.value)} />
      {runs ? (
        <div className="job-cron-runs" data-testid="cron-next-runs">
          <span className="job-cron-title">{translate('monitor:job.nextRuns')}</span>
          {runs.length ? (
            <ol>
              {runs.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ol>
          ) : (
            <small className="p-error">{translate('monitor:job.noRuns')}</small>
          )}
        </div>
      ) : null}
    </div>
  );
}
