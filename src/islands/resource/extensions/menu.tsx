import { useMemo } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { RadioButton } from 'primereact/radiobutton';
import { PrimeIcons } from 'primereact/api';
import { http } from '../../../lib/request.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { buildTree } from '../../../lib/resources/tree.ts';
import { menuIconClass } from '../../../lib/routes/icons.ts';
import type { Row } from '../../../lib/resources/client.ts';
import type { FieldRendererProps, ResourceExtensions } from '../types.ts';
import { useFieldAria } from '../../../components/form/field-aria.ts';
import { ParentSelect, useNodes } from './tree-fields.tsx';
import { AddChild } from './dept.tsx';

type MenuRow = { menuId: number; parentId: number; menuName: string; menuType: string };
const TYPES = ['M', 'C', 'F'] as const;
const typeLabel = (t: unknown) => (TYPES.includes(t as (typeof TYPES)[number]) ? translate(`system:menu.type${String(t)}`) : String(t ?? ''));

/** Fields each type leaves out: a button is a permission only; a directory has no page. */
const HIDDEN: Record<string, readonly string[]> = {
  M: ['component', 'query', 'isCache', 'perms'],
  C: [],
  F: ['icon', 'path', 'component', 'query', 'isFrame', 'isCache', 'visible', 'status'],
};

// Buttons cannot hold children: the parent choices are directories and menus.
const loadParents = () =>
  http.get<MenuRow[]>('/system/menu/treeselect').then((r) => buildTree((r.data ?? []).filter((m) => m.menuType !== 'F'), 'menuId', 'parentId', 'menuName'));

/** PrimeIcons names without the 'pi ' prefix ('pi-user'): what menus store and the sidebar draws. */
const ICONS = Object.values(PrimeIcons).map((c) => c.replace(/^pi /, ''));

function ParentMenu(p: FieldRendererProps) {
  const nodes = useNodes(loadParents);
  return <ParentSelect {...p} nodes={nodes} rootLabel={translate('system:menu.root')} />;
}

function MenuType({ id, name, value, onChange, invalid, required }: FieldRendererProps) {
  const aria = useFieldAria(id, { 'aria-required': required || undefined, 'aria-invalid': invalid || undefined });
  return (
    <div className="field-radios" role="radiogroup" id={id} {...aria}>
      {TYPES.map((t) => (
        <label key={t} className="field-radio">
          <RadioButton inputId={`${id}-${t}`} name={name} value={t} checked={value === t} onChange={(e) => onChange(e.value)} />
          <span>{typeLabel(t)}</span>
        </label>
      ))}
    </div>
  );
}

function IconPicker({ id, value, onChange, invalid, required }: FieldRendererProps) {
  const aria = useFieldAria(id, { 'aria-required': required || undefined, 'aria-invalid': invalid || undefined });
  const current = typeof value === 'string' && value !== '#' ? value : '';
  // A stored name outside PrimeIcons (the original console's SVG names) stays choosable.
  const options = useMemo(() => (current && !ICONS.includes(current) ? [current, ...ICONS] : ICONS).map((n) => ({ value: n, label: n })), [current]);
  const item = (o: { value: string } | null) =>
    o ? (
      <span className="menu-icon-option">
        <i className={menuIconClass(o.value)} aria-hidden="true" /> {o.value}
      </span>
    ) : (
      <span>{translate('system:menu.iconSearch')}</span>
    );
  return (
    <Dropdown
      inputId={id}
      className={invalid ? 'p-invalid' : undefined}
      {...aria}
      value={current || null}
      options={options}
      optionLabel="label"
      optionValue="value"
      filter
      filterPlaceholder={translate('system:menu.iconSearch')}
      showClear
      virtualScrollerOptions={{ itemSize: 36 }}
      itemTemplate={item}
      valueTemplate={(o: { value: string } | null) => item(o)}
      onChange={(e) => onChange((e.value as string | null) ?? '#')}
    />
  );
}

/** Menus: a tree table; the form shows the fields of the chosen type, an icon picker and the parent as a tree-select. */
export const menuExtensions: ResourceExtensions = {
  tree: { parent: 'parentId' },
  formVisible: (name, values) => !(HIDDEN[String(values.menuType)] ?? []).includes(name),
  fields: {
    parentId: (p) => <ParentMenu {...p} />,
    menuType: (p) => <MenuType {...p} />,
    icon: (p) => <IconPicker {...p} />,
  },
  columns: {
    menuType: (row: Row) => typeLabel(row.menuType),
    icon: (row: Row) => (row.icon && row.icon !== '#' ? <i className={menuIconClass(String(row.icon))} title={String(row.icon)} /> : ''),
  },
  rowActions: (row, api) => (row.menuType === 'F' ? null : <AddChild row={row} api={api} idField="menuId" perm="system:menu:add" label={translate('system:menu.addChild')} />),
};
