import '../../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { useEffect, useState } from 'react';
import { PrimeReactProvider } from '../../../components/widgets/prime-provider.ts';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Dropdown } from 'primereact/dropdown';
import { Button } from 'primereact/button';
import { useT } from '../../../lib/i18n/react.ts';
import templates from '../../../lib/i18n/ns/templates.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { allows, usePermissions } from '../../../stores/permission-gate.ts';
import { http } from '../../../lib/request.ts';
import { go } from '../../../lib/routes/navigation.ts';
import { fetchPipes, type PipeOption } from '../editor/editor-api.ts';
import { useViewGuard } from '../use-view-guard.ts';
import { addTemplate, listTemplates } from './templates-api.ts';
import { TEMPLATE_PERMS, workbenchLink } from './routes.ts';
import { DynamicPages } from './DynamicPages.tsx';
import './templates.css';

interface DynamicType {
  type: string;
  name: string;
  desc: string;
  requestPath: string;
  publishPipeKey: string;
  defaultTemplate: string;
  requestArgs: { name: string; desc: string; type: string; mandatory: boolean; defValue: string }[];
}

/**
 * /configs/dynamic (spec §2 dynamic templates, menu cms/dynamic/index): the site's custom dynamic
 * pages (list and form, DynamicPages.tsx), then the built-in dynamic page types
 * (GET /cms/dynamicPageTypes) with their address, arguments and template in the chosen pipe —
 * written or not yet — opened in (or created for) the workbench.
 */
export default function DynamicIsland() {
  const t = useT(templates);
  const perms = usePermissions();
  useViewGuard('cms:dynamic:view');
  const [types, setTypes] = useState<DynamicType[]>([]);
  const [pipes, setPipes] = useState<PipeOption[]>([]);
  const [pipe, setPipe] = useState('');
  const [existing, setExisting] = useState<Set<string>>(new Set());
  const lang = currentLanguage();

  useEffect(() => {
    void http.get<DynamicType[]>('/cms/dynamicPageTypes').then((r) => setTypes(r.data ?? [])).catch(() => undefined);
  }, [lang]);
  useEffect(() => {
    void fetchPipes().then((list) => { setPipes(list); setPipe(list[0]?.pipeCode ?? ''); }).catch(() => undefined);
  }, []);
  const loadExisting = (code: string) => {
    if (!code || !allows(perms, TEMPLATE_PERMS.view)) return;
    void listTemplates(code).then((rows) => setExisting(new Set(rows.map((r) => r.path)))).catch(() => undefined);
  };
  useEffect(() => loadExisting(pipe), [pipe]); // eslint-disable-line react-hooks/exhaustive-deps

  async function create(path: string) {
    try {
      await addTemplate(pipe, path);
    } catch {
      return;
    }
    void go(workbenchLink(pipe, path));
  }

  const templateCell = (row: DynamicType) => {
    const there = existing.has(row.defaultTemplate);
    return (
      <div>
        <code>{row.defaultTemplate}</code> <small className="staticize-meta">({row.publishPipeKey})</small>
        <div>
          {there
            ? <Button type="button" size="small" text icon="pi pi-code" label={t('dynamic.open')} onClick={() => void go(workbenchLink(pipe, row.defaultTemplate))} />
            : <>
                <small className="staticize-meta">{t('dynamic.missing')}</small>
                {allows(perms, TEMPLATE_PERMS.add) ? <Button type="button" size="small" text icon="pi pi-plus" label={t('dynamic.create')} onClick={() => void create(row.defaultTemplate)} /> : null}
              </>}
        </div>
      </div>
    );
  };

  return (
    <PrimeReactProvider>
      <section className="dynamic-section" data-testid="dynamic-pages" aria-labelledby="dynamic-pages-title">
        <h2 id="dynamic-pages-title" className="dynamic-section-title">{t('dynamic.pagesTitle')}</h2>
        <p className="dynamic-intro">{t('dynamic.pagesIntro')}</p>
        <DynamicPages pipes={pipes} />
      </section>
      <section className="dynamic-section" data-testid="dynamic" aria-labelledby="dynamic-types-title">
        <h2 id="dynamic-types-title" className="dynamic-section-title">{t('dynamic.typesTitle')}</h2>
        <p className="dynamic-intro">{t('dynamic.intro')}</p>
        <div className="template-list-bar">
          <label htmlFor="dynamic-pipe">{t('pipe')}</label>
          <Dropdown inputId="dynamic-pipe" value={pipe} options={pipes} optionLabel="pipeName" optionValue="pipeCode" onChange={(e) => setPipe(e.value as string)} emptyMessage={t('noPipes')} />
        </div>
        <DataTable value={types} size="small" dataKey="type" className="dynamic-table" pt={{ table: { 'aria-labelledby': 'dynamic-types-title' } }} tableStyle={{ minWidth: '44rem' }} data-testid="dynamic-table">
          <Column header={t('dynamic.type')} body={(r: DynamicType) => <><code>{r.type}</code> {r.name}<div className="staticize-meta">{r.desc}</div></>} style={{ width: '12rem' }} />
          <Column header={t('dynamic.requestPath')} body={(r: DynamicType) => <code>{r.requestPath}</code>} style={{ width: '9rem' }} />
          <Column header={t('dynamic.args')} body={(r: DynamicType) => (
            <ul className="dynamic-args">{r.requestArgs.map((a) => <li key={a.name}><code>{a.name}</code> {a.desc}{a.mandatory ? ` (${t('dynamic.mandatory')})` : ''}</li>)}</ul>
          )} style={{ minWidth: '14rem' }} />
          <Column header={t('dynamic.template', { pipe: pipes.find((p) => p.pipeCode === pipe)?.pipeName ?? '' })} body={templateCell} style={{ width: '15rem' }} />
        </DataTable>
      </section>
    </PrimeReactProvider>
  );
}
