import { useCallback, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import type { RoutePageProps } from '../../../lib/routes/types.ts';
import { go } from '../../../lib/routes/navigation.ts';
import { useLocale, useT } from '../../../lib/i18n/react.ts';
import codeGen from '../../../lib/i18n/ns/codeGen.ts';
import { message } from '../../../stores/notify.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import { useLeaveGuard } from '../../../components/widgets/use-leave-guard.ts';
import { SelectInput } from '../../../components/widgets/SelectInput.tsx';
import { reportDynamicPage } from '../../shell/boot.ts';
import { FORM_WIDGETS, GEN_MODULES, GEN_PERMS, MENU_PARENTS, QUERY_TYPES } from '../../../../shared/tool/gen-keys.ts';
import { fetchSpec, saveSpec, type GenColumn, type GenTableInfo } from './gen-api.ts';
import './gen.css';

type TextKey = 'resourceName' | 'permPrefix' | 'titleZhCn' | 'titleZhTw' | 'titleEn';
const TEXT_FIELDS: readonly TextKey[] = ['resourceName', 'permPrefix', 'titleZhCn', 'titleZhTw', 'titleEn'];
const LABELS = ['labelZhCn', 'labelZhTw', 'labelEn'] as const;
const FLAGS = ['inList', 'inQuery', 'inForm', 'required'] as const;

/**
 * /tool/gen-edit/index/:tableId — one imported table's generation settings: what the resource is
 * called and where its menu goes, and per column its labels in the three languages, whether it is
 * listed, searched (and how), in the form (with which widget, dictionary, requirement and length).
 * Saved in one request; the server checks every name before any file is generated from it.
 */
export default function GenEditPage({ path, params }: RoutePageProps) {
  const t = useT(codeGen);
  useLocale();
  const tableId = Number(params.tableId);
  const [info, setInfo] = useState<GenTableInfo | null | undefined>(undefined);
  const [columns, setColumns] = useState<GenColumn[]>([]);
  const [busy, setBusy] = useState(false);
  // The settings as last read or saved: leaving with others asks first (the grid is a lot to redo).
  const [saved, setSaved] = useState('');
  const current = JSON.stringify([info, columns]);
  useLeaveGuard(saved !== '' && current !== saved, () => t('leave'));

  useEffect(() => {
    let live = true;
    fetchSpec(tableId)
      .then((d) => {
        if (!live) return;
        setInfo(d?.info ?? null);
        setColumns(d?.rows ?? []);
        setSaved(JSON.stringify([d?.info ?? null, d?.rows ?? []]));
      })
      .catch(() => live && setInfo(null));
    return () => {
      live = false;
    };
  }, [tableId]);
  useEffect(() => {
    if (info) reportDynamicPage(path, t('editTitle', { table: info.tableName }));
  }, [path, info, t]);

  const setColumn = useCallback((columnId: number, patch: Partial<GenColumn>) => {
    setColumns((cols) => cols.map((c) => (c.columnId === columnId ? { ...c, ...patch } : c)));
  }, []);

  if (info === undefined) return <p aria-busy="true">…</p>;
  if (info === null) return <p role="alert">{t('notFound')}</p>;

  const save = async () => {
    setBusy(true);
    const res = await saveSpec({
      tableId, resourceName: info.resourceName, moduleName: info.moduleName, menuParent: info.menuParent, menuId: info.menuId, permPrefix: info.permPrefix,
      titleZhCn: info.titleZhCn, titleZhTw: info.titleZhTw, titleEn: info.titleEn,
      columns: columns.map((c) => ({
        columnId: c.columnId, fieldName: c.fieldName, labelZhCn: c.labelZhCn, labelZhTw: c.labelZhTw, labelEn: c.labelEn,
        inList: c.inList, inQuery: c.inQuery, queryType: c.queryType, inForm: c.inForm, formWidget: c.formWidget,
        dictType: c.dictType ?? '', required: c.required, maxLength: c.maxLength,
      })),
    }).catch(() => null);
    setBusy(false);
    if (!res) return;
    setSaved(current);
    message.success(t('saved'));
  };

  const text = (c: GenColumn, key: 'fieldName' | (typeof LABELS)[number]) => (
    <InputText value={c[key]} onChange={(e) => setColumn(c.columnId, { [key]: e.target.value } as Partial<GenColumn>)} aria-label={`${c.columnName} · ${t(`col.${key}`)}`} data-testid={`gen-col-${c.columnName}-${key}`} />
  );
  const flag = (c: GenColumn, key: (typeof FLAGS)[number]) => (
    <Checkbox checked={c[key]} onChange={(e) => setColumn(c.columnId, { [key]: !!e.checked } as Partial<GenColumn>)} aria-label={`${c.columnName} · ${t(`col.${key}`)}`} />
  );
  const choice = (c: GenColumn, key: 'queryType' | 'formWidget', values: readonly string[], ns: 'queryTypes' | 'widgets') => (
    <SelectInput value={c[key]} options={values.map((v) => ({ value: v, label: t(`${ns}.${v}` as never) }))}
      onChange={(v) => setColumn(c.columnId, { [key]: String(v ?? values[0]) } as Partial<GenColumn>)} aria-label={`${c.columnName} · ${t(`col.${key}`)}`} />
  );

  return (
    <div className="gen-edit" data-testid="gen-edit">
      <div className="gen-edit-bar">
        <h2>{t('editTitle', { table: info.tableName })}</h2>
        <Button size="small" outlined severity="secondary" icon="pi pi-arrow-left" label={t('back')} onClick={() => void go('/tool/gen')} />
        <HasPermi anyOf={[GEN_PERMS.edit]}>
          <Button size="small" icon="pi pi-check" label={t('save')} loading={busy} disabled={busy} onClick={() => void save()} data-testid="gen-save" />
        </HasPermi>
      </div>
      <section aria-labelledby="gen-basic-heading">
        <h3 id="gen-basic-heading">{t('basic')}</h3>
        <div className="gen-basic">
          {TEXT_FIELDS.map((key) => (
            <label key={key}>
              {t(key)}
              <InputText value={info[key]} onChange={(e) => setInfo({ ...info, [key]: e.target.value } as GenTableInfo)} data-testid={`gen-${key}`} />
            </label>
          ))}
          <label>
            {t('moduleName')}
            <SelectInput value={info.moduleName} options={GEN_MODULES.map((v) => ({ value: v, label: v }))} onChange={(v) => setInfo({ ...info, moduleName: String(v ?? info.moduleName) })} aria-label={t('moduleName')} />
          </label>
          <label>
            {t('menuParent')}
            <SelectInput value={info.menuParent} options={MENU_PARENTS.map((v) => ({ value: v, label: t(`parents.${v}` as never) }))} onChange={(v) => setInfo({ ...info, menuParent: String(v ?? info.menuParent) })} aria-label={t('menuParent')} />
          </label>
          <label>
            {t('menuId')}
            <InputNumber value={info.menuId} useGrouping={false} min={1} onValueChange={(e) => setInfo({ ...info, menuId: e.value ?? info.menuId })} />
          </label>
        </div>
      </section>
      <section aria-labelledby="gen-columns-heading" className="gen-columns">
        <h3 id="gen-columns-heading">{t('columnsHeading')}</h3>
        <DataTable value={columns} dataKey="columnId" size="small" scrollable>
          <Column header={t('col.columnName')} body={(c: GenColumn) => <code>{c.columnName}</code>} frozen />
          <Column header={t('col.columnType')} field="columnType" />
          <Column header={t('col.fieldName')} body={(c: GenColumn) => text(c, 'fieldName')} />
          {LABELS.map((key) => <Column key={key} header={t(`col.${key}`)} body={(c: GenColumn) => text(c, key)} />)}
          <Column header={t('col.inList')} body={(c: GenColumn) => flag(c, 'inList')} />
          <Column header={t('col.inQuery')} body={(c: GenColumn) => flag(c, 'inQuery')} />
          <Column header={t('col.queryType')} body={(c: GenColumn) => choice(c, 'queryType', QUERY_TYPES, 'queryTypes')} />
          <Column header={t('col.inForm')} body={(c: GenColumn) => flag(c, 'inForm')} />
          <Column header={t('col.formWidget')} body={(c: GenColumn) => choice(c, 'formWidget', FORM_WIDGETS, 'widgets')} />
          <Column header={t('col.dictType')} body={(c: GenColumn) => (
            <InputText value={c.dictType ?? ''} onChange={(e) => setColumn(c.columnId, { dictType: e.target.value })} aria-label={`${c.columnName} · ${t('col.dictType')}`} />
          )} />
          <Column header={t('col.required')} body={(c: GenColumn) => flag(c, 'required')} />
          <Column header={t('col.maxLength')} body={(c: GenColumn) => (
            <InputNumber value={c.maxLength} useGrouping={false} min={1} onValueChange={(e) => setColumn(c.columnId, { maxLength: e.value ?? null })} aria-label={`${c.columnName} · ${t('col.maxLength')}`} />
          )} />
        </DataTable>
      </section>
    </div>
  );
}
