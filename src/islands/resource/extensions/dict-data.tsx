import type { ReactNode } from 'react';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { LIST_CLASSES } from '../../../../shared/resources/system/dict.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { DictTag } from '../../../components/widgets/DictTag.tsx';
import type { FieldRendererProps, ResourceExtensions } from '../types.ts';
import { useFieldAria } from '../../../components/form/field-aria.ts';
import './dict.css';

/** A dictionary value as lists will show it: a tag styled by listClass (plain text for 'default'). */
export function ListClassPreview({ label, listClass, cssClass }: { label: string; listClass?: string; cssClass?: string }) {
  return <DictTag options={[{ value: 'v', label, listClass, cssClass }]} value="v" />;
}

const classOptions = LIST_CLASSES.map((c) => ({ value: c, label: c }));
const classItem = (o: { value: string } | null, fallback?: ReactNode) =>
  o ? (
    <span className="dict-class-option">
      <ListClassPreview label={o.value} listClass={o.value} />
    </span>
  ) : (
    fallback
  );

/** listClass: the tag styles, each shown as it looks. */
function ListClassSelect({ id, value, onChange, invalid }: FieldRendererProps) {
  const aria = useFieldAria(id, { 'aria-invalid': invalid || undefined });
  return (
    <Dropdown
      inputId={id}
      className={invalid ? 'p-invalid' : undefined}
      {...aria}
      value={value || null}
      options={classOptions}
      optionLabel="label"
      optionValue="value"
      showClear
      placeholder={translate('resource:choose', { field: translate('fields:listClass') })}
      itemTemplate={(o: { value: string }) => classItem(o)}
      valueTemplate={(o: { value: string } | null, props: { placeholder?: ReactNode }) => classItem(o, props.placeholder)}
      onChange={(e) => onChange(e.value ?? '')}
    />
  );
}

/**
 * The values of one dictionary type: the list is fixed to it, new values get it, and listClass is
 * picked from the tag styles with a preview of each.
 */
export const dictDataExtensions = (dictType: string, header?: () => ReactNode): ResourceExtensions => ({
  header,
  fixedFilters: { dictType },
  formInit: async (mode, values) => (mode === 'create' ? { ...values, dictType } : values),
  fields: {
    dictType: ({ id, value, required }) => <InputText id={id} value={String(value ?? dictType)} readOnly disabled aria-required={required || undefined} />,
    listClass: (p) => <ListClassSelect {...p} />,
  },
  columns: {
    listClass: (row) => (
      <span className="dict-class-cell">
        <ListClassPreview label={String(row.dictLabel ?? '')} listClass={(row.listClass as string) || undefined} cssClass={(row.cssClass as string) || undefined} />
        <small className="dict-class-name">{String(row.listClass || 'default')}</small>
      </span>
    ),
  },
});
