import { useEffect, useMemo, useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { SkeletonBar } from '../../components/widgets/SkeletonBar.tsx';
import type { RoutePageProps } from '../../lib/routes/types.ts';
import { http } from '../../lib/request.ts';
import { go } from '../../lib/routes/navigation.ts';
import { useLocale, useT } from '../../lib/i18n/react.ts';
import system from '../../lib/i18n/ns/system.ts';
import { dictDataResource } from '../../../shared/resources/system/dict.ts';
import { ResourceScreen } from '../resource/ResourceScreen.tsx';
import { dictDataExtensions } from '../resource/extensions/dict-data.tsx';
import { dictDataRoute } from '../resource/extensions/dict.tsx';
import { reportDynamicPage } from '../shell/boot.ts';
import '../resource/resource.css';

interface DictTypeRow {
  dictId: number;
  dictType: string;
  dictName: string;
}

/**
 * /system/dict-data/index/:dictId — the values of one dictionary type on the generic resource
 * screen, fixed to that type, with a switcher to the other types.
 */
export default function DictDataPage({ path, params }: RoutePageProps) {
  const t = useT(system);
  useLocale();
  const dictId = Number(params.dictId);
  // undefined while loading, null when the type does not exist
  const [type, setType] = useState<DictTypeRow | null | undefined>(undefined);
  const [types, setTypes] = useState<DictTypeRow[]>([]);

  useEffect(() => {
    let live = true;
    setType(undefined);
    http
      .get<DictTypeRow>(`/system/dict/type/${dictId}`)
      .then((r) => live && setType(r.data?.dictType ? r.data : null))
      .catch(() => live && setType(null));
    return () => {
      live = false;
    };
  }, [dictId]);
  useEffect(() => {
    http
      .get<DictTypeRow[]>('/system/dict/type/optionselect')
      .then((r) => setTypes(r.data ?? []))
      .catch(() => undefined);
  }, []);

  // The tab and the document are titled after the type (the route itself has no menu title).
  useEffect(() => {
    if (type) reportDynamicPage(path, `${t('dictData.title')} · ${type.dictName}`);
  }, [path, type, t]);

  const options = types.map((o) => ({ value: o.dictId, label: `${o.dictName} (${o.dictType})` }));
  const extensions = useMemo(
    () =>
      type
        ? dictDataExtensions(type.dictType, () => (
            <div className="dict-data-header">
              <label htmlFor="dict-type-switch">{t('dictData.type')}</label>
              <Dropdown
                inputId="dict-type-switch"
                value={dictId}
                options={options}
                optionLabel="label"
                optionValue="value"
                filter
                onChange={(e) => {
                  if (e.value && e.value !== dictId) void go(dictDataRoute(e.value));
                }}
              />
              <Button size="small" text label={t('dictData.back')} onClick={() => void go('/system/dict')} />
            </div>
          ))
        : null,
    // options change when the types arrive; t when the language does
    [type, dictId, types, t],
  );

  if (type === undefined) {
    return (
      <section className="resource-screen" aria-busy="true">
        <SkeletonBar height="2.5rem" className="mb-2" />
        <SkeletonBar height="20rem" />
      </section>
    );
  }
  if (type === null || !extensions) {
    return (
      <section className="resource-screen">
        <p data-testid="dict-type-missing">{t('dictData.missing')}</p>
        <Button size="small" text label={t('dictData.back')} onClick={() => void go('/system/dict')} />
      </section>
    );
  }
  return <ResourceScreen key={type.dictType} def={dictDataResource} extensions={extensions} />;
}
