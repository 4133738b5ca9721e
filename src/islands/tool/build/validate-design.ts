import { inputSchema } from '../../../../shared/resources/schemas.ts';
import { toFieldIssues } from '../../../../shared/validators/issues.ts';
import { xmodelFieldResource } from '../../../../shared/resources/cms/xmodel-field.ts';
import { storedShape } from '../../../../shared/cms/form-design.ts';
import { issueText } from '../../../lib/forms/validate.ts';
import { duplicateCodes, type CanvasField } from './designer-model.ts';

/** Errors of a design: by field key, by property, the message to show under it. */
export type DesignErrors = Record<string, Record<string, string>>;

const schema = inputSchema(xmodelFieldResource, 'create');

/**
 * Each field checked as the field routes check it (the definition's schema and its checks across
 * properties), plus codes unique in the design: the same refusals the server would give, before
 * anything is sent. `labels` name the properties; `duplicate` says a code is taken.
 */
export function designErrors(fields: readonly CanvasField[], labels: Record<string, string>, duplicate: (code: string) => string): DesignErrors {
  const out: DesignErrors = {};
  const dups = duplicateCodes(fields);
  for (const f of fields) {
    const errs: Record<string, string> = {};
    const raw = { ...storedShape(f), modelId: 1 } as Record<string, unknown>;
    for (const p of ['pattern', 'dictType', 'defaultValue']) if (raw[p] === null) raw[p] = '';
    const r = schema.safeParse(raw);
    const issues = r.success ? (xmodelFieldResource.check?.(r.data as Record<string, unknown>) ?? []) : toFieldIssues(r.error);
    for (const issue of issues) errs[issue.field] ??= issueText(issue, labels);
    if (dups.has(f.key)) errs.code ??= duplicate(f.code);
    if (Object.keys(errs).length) out[f.key] = errs;
  }
  return out;
}
