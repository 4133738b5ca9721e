import { useEffect, useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Tree, type TreeCheckboxSelectionKeys } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useLocale } from '../../../lib/i18n/react.ts';
import { message } from '../../../stores/notify.ts';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { FormDialog } from '../../../components/form/FormDialog.tsx';
import { applyDefaultTemplates, fetchCatalogTree, type CatalogNode, type PipeData } from './site-api.ts';

const toTree = (nodes: CatalogNode[]): TreeNode[] =>
  nodes.map((n) => ({ key: String(n.id), label: n.label, selectable: !n.disabled, className: n.disabled ? 'is-disabled' : undefined, children: n.children ? toTree(n.children) : undefined }));
const allKeys = (nodes: TreeNode[]): string[] => nodes.flatMap((n) => [...(n.selectable === false ? [] : [String(n.key)]), ...allKeys(n.children ?? [])]);

interface Props {
  siteId: number;
  pipes: PipeData[];
  onHide(): void;
}

/**
 * "Apply to catalogs" of the Default Template tab: tick catalogs of the site's tree and the pipes
 * whose saved templates they take, confirm, and the server writes them (all or none).
 */
export function ApplyTemplateDialog({ siteId, pipes, onHide }: Props) {
  useLocale();
  const [tree, setTree] = useState<TreeNode[] | null>(null);
  const [checked, setChecked] = useState<TreeCheckboxSelectionKeys>({});
  const [codes, setCodes] = useState<string[]>(() => pipes.filter((p) => p.enabled).map((p) => p.pipeCode));
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});

  useEffect(() => {
    void fetchCatalogTree(siteId)
      .then((rows) => {
        const nodes = toTree(rows);
        setTree(nodes);
        setExpanded(Object.fromEntries(allKeys(nodes).map((k) => [k, true])));
      })
      .catch(() => setTree([]));
  }, [siteId]);
  const ids = useMemo(() => Object.entries(checked).filter(([, s]) => s?.checked).map(([k]) => Number(k)), [checked]);

  async function submit() {
    if (!ids.length) return setError(translate('cms:site.templates.chooseCatalogs'));
    if (!codes.length) return setError(translate('cms:site.templates.choosePipes'));
    const names = pipes.filter((p) => codes.includes(p.pipeCode)).map((p) => p.pipeName).join(translate('cms:site.nameSeparator'));
    if (!(await askToConfirm(translate('cms:site.templates.applyConfirm', { count: ids.length, pipes: names })))) return;
    setSaving(true);
    try {
      await applyDefaultTemplates(siteId, ids, codes);
      message.success(translate('cms:site.templates.applied', { count: ids.length }));
      onHide();
    } catch {
      // the request layer has shown the server's message
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog formId="site-apply-templates" header={translate('cms:site.templates.applyTitle')} width="560px" testId="site-apply-templates"
      saving={saving} submitLabel={translate('cms:site.templates.apply')} onSubmit={() => void submit()} onHide={onHide}>
      <p className="site-tab-note">{translate('cms:site.templates.applyHint')}</p>
      <fieldset className="site-apply-pipes">
        <legend>{translate('cms:site.sections.pipes')}</legend>
        {pipes.map((p) => (
          <label key={p.pipeCode} className="field-radio">
            <Checkbox inputId={`apply-pipe-${p.pipeCode}`} checked={codes.includes(p.pipeCode)}
              onChange={(e) => { setError(''); setCodes((c) => (e.checked ? [...c, p.pipeCode] : c.filter((x) => x !== p.pipeCode))); }} />
            <span>{translate('cms:site.pipeTitle', { name: p.pipeName, code: p.pipeCode })}</span>
          </label>
        ))}
      </fieldset>
      <div className="site-apply-catalogs">
        <div className="site-apply-bar">
          <span>{translate('cms:site.templates.catalogs')}</span>
          <Button type="button" text size="small" label={translate('cms:site.templates.all')} disabled={!tree?.length}
            onClick={() => { setError(''); setChecked(Object.fromEntries(allKeys(tree ?? []).map((k) => [k, { checked: true, partialChecked: false }]))); }} />
          <Button type="button" text size="small" label={translate('cms:site.templates.none')} disabled={!ids.length} onClick={() => setChecked({})} />
        </div>
        {tree === null ? null : tree.length ? (
          <Tree value={tree} selectionMode="checkbox" selectionKeys={checked} expandedKeys={expanded} onToggle={(e) => setExpanded(e.value as Record<string, boolean>)}
            onSelectionChange={(e) => { setError(''); setChecked((e.value ?? {}) as TreeCheckboxSelectionKeys); }} className="site-apply-tree" />
        ) : <p className="site-tab-note">{translate('cms:site.templates.noCatalogs')}</p>}
      </div>
      {error ? <small className="p-error resource-form-error" role="alert" data-testid="site-apply-error">{error}</small> : null}
    </FormDialog>
  );
}
