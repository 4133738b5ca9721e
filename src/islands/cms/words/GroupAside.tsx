import { useEffect, useMemo, useState } from 'react';
import { Tree } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { PlusIcon } from 'primereact/icons/plus';
import { PencilIcon } from 'primereact/icons/pencil';
import { TrashIcon } from 'primereact/icons/trash';
import type { ResourceDef } from '../../../../shared/resources/define.ts';
import { errorsAfterChange, fetchOne, formChanged, formInitial, removeRows, saveRow, type Row } from '../../../lib/resources/client.ts';
import { validateForm } from '../../../lib/resources/validate-form.ts';
import type { FieldErrors } from '../../../lib/forms/validate.ts';
import { useT } from '../../../lib/i18n/react.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import cms from '../../../lib/i18n/ns/cms.ts';
import resource from '../../../lib/i18n/ns/resource.ts';
import { allows, usePermissions } from '../../../stores/permission-gate.ts';
import { message } from '../../../stores/notify.ts';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { useFieldAria } from '../../../components/form/field-aria.ts';
import { ResourceDialog } from '../../resource/ResourceDialog.tsx';
import type { FieldRendererProps } from '../../resource/types.ts';
import { fetchGroupTree, type GroupNode } from './words-api.ts';

interface Props {
  /** the groups' definition (its api serves `/treedata`) */
  def: ResourceDef;
  /** groups nest (tag words): "add" under the chosen group, and a parent in the form */
  nested?: boolean;
  onSelect(group: { id: number; name: string } | null): void;
}

type Editing = { mode: 'create' | 'update'; initial: Row; values: Row; errors: FieldErrors; saving: boolean } | null;

const toTree = (nodes: GroupNode[]): TreeNode[] => nodes.map((n) => ({ key: String(n.id), label: n.name, data: n, children: toTree(n.children) }));
const flatten = (nodes: GroupNode[], depth = 0): { id: number; name: string; depth: number }[] =>
  nodes.flatMap((n) => [{ id: n.id, name: n.name, depth }, ...flatten(n.children, depth + 1)]);

/**
 * The groups left of a word list: choosing one filters the list (and new words join it); the
 * buttons above add, edit and delete groups with the groups' own definition and dialog.
 */
export function GroupAside({ def, nested, onSelect }: Props) {
  const t = useT(cms);
  const tr = useT(resource);
  const perms = usePermissions();
  const [groups, setGroups] = useState<GroupNode[]>([]);
  const [selected, setSelected] = useState<GroupNode | null>(null);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [editing, setEditing] = useState<Editing>(null);
  const can = (action: 'add' | 'edit' | 'remove') => !!def.perms[action] && allows(perms, def.perms[action]!);

  const reload = () => fetchGroupTree(def.api).then((tree) => {
    setGroups(tree);
    setExpanded(Object.fromEntries(flatten(tree).map((g) => [String(g.id), true])));
    return tree;
  }).catch(() => []);
  useEffect(() => void reload(), []); // eslint-disable-line react-hooks/exhaustive-deps

  const choose = (node: GroupNode | null) => {
    setSelected(node);
    onSelect(node ? { id: node.id, name: node.name } : null);
  };
  const open = (mode: 'create' | 'update', values: Row) => setEditing({ mode, initial: values, values, errors: {}, saving: false });

  async function edit() {
    if (!selected) return;
    const row = await fetchOne(def, selected.id).catch(() => null);
    if (row) open('update', formInitial(def, 'update', row));
  }
  async function remove() {
    if (!selected || !(await askToConfirm(t('word.confirmRemoveGroup', { name: selected.name })))) return;
    await removeRows(def, [selected.id]).then(() => {
      message.success(tr('removed'));
      choose(null);
      void reload();
    }).catch(() => undefined);
  }
  async function submit() {
    if (!editing) return;
    const errors = validateForm(def, editing.mode, editing.values);
    if (Object.keys(errors).length) return setEditing({ ...editing, errors });
    setEditing({ ...editing, errors: {}, saving: true });
    try {
      await saveRow(def, editing.mode, editing.values);
      message.success(tr(editing.mode === 'create' ? 'added' : 'updated'));
      setEditing(null);
      void reload();
    } catch {
      setEditing((e) => (e ? { ...e, saving: false } : e));
    }
  }

  const parentOptions = useMemo(() => [
    { value: 0, label: t('word.rootGroup') },
    ...flatten(groups).filter((g) => g.id !== editing?.values[def.id]).map((g) => ({ value: g.id, label: `${'\u2003'.repeat(g.depth)}${g.name}` })),
  ], [groups, editing, def.id, t]);

  return (
    <div className="word-groups" data-testid={`groups-${def.name}`}>
      <div className="word-groups-bar">
        {can('add') ? (
          <Button size="small" text icon={<PlusIcon />} data-testid="word-group-add" label={nested && selected ? t('word.addSubGroup') : t('word.addGroup')}
            onClick={() => open('create', { ...formInitial(def, 'create'), ...(nested ? { parentId: selected?.id ?? 0 } : {}) })} />
        ) : null}
        {can('edit') ? <Button size="small" text icon={<PencilIcon />} aria-label={t('word.editGroup')} title={t('word.editGroup')} disabled={!selected} onClick={() => void edit()} /> : null}
        {can('remove') ? <Button size="small" text severity="danger" icon={<TrashIcon />} aria-label={t('word.removeGroup')} title={t('word.removeGroup')} disabled={!selected} onClick={() => void remove()} /> : null}
      </div>
      <Button size="small" text className={selected ? 'word-groups-all' : 'word-groups-all is-active'} label={t('word.allGroups')} onClick={() => choose(null)} />
      {groups.length ? (
        <Tree
          value={toTree(groups)}
          selectionMode="single"
          selectionKeys={selected ? String(selected.id) : null}
          expandedKeys={expanded}
          onToggle={(e) => setExpanded(e.value as Record<string, boolean>)}
          onSelect={(e) => choose(e.node.data as GroupNode)}
          onUnselect={() => choose(null)}
          aria-label={t('word.groups')}
        />
      ) : <p className="word-groups-empty">{t('word.noGroups')}</p>}
      {editing ? (
        <ResourceDialog
          def={def}
          title={def.titleKey ? translate(def.titleKey) : def.name}
          mode={editing.mode}
          values={editing.values}
          errors={editing.errors}
          saving={editing.saving}
          dirty={formChanged(editing.initial, editing.values)}
          renderers={nested ? { parentId: (p) => <ParentSelect {...p} options={parentOptions} /> } : undefined}
          isVisible={(name) => nested || name !== 'parentId'}
          onChange={(name, value) => setEditing((e) => (e ? { ...e, values: { ...e.values, [name]: value }, errors: errorsAfterChange(def, e.errors, name) } : e))}
          onSubmit={() => void submit()}
          onHide={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

function ParentSelect({ id, value, onChange, invalid, options }: FieldRendererProps & { options: { value: number; label: string }[] }) {
  const aria = useFieldAria(id, { 'aria-invalid': invalid || undefined });
  return <Dropdown inputId={id} value={value ?? 0} options={options} onChange={(e) => onChange(e.value)} className={invalid ? 'p-invalid w-full' : 'w-full'} {...aria} />;
}
