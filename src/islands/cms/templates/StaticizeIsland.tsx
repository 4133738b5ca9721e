import '../../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { useEffect, useState } from 'react';
import { PrimeReactProvider } from '../../../components/widgets/prime-provider.ts';
import { TabView, TabPanel } from 'primereact/tabview';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useT } from '../../../lib/i18n/react.ts';
import templates from '../../../lib/i18n/ns/templates.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { http } from '../../../lib/request.ts';
import { useViewGuard } from '../use-view-guard.ts';
import './templates.css';

interface AttrDoc { name: string; type: string; options: string[]; default: unknown; required: boolean; doc: string }
interface TagDoc { name: string; block: boolean; yields: string[]; doc: string; example: string; fields: string[]; attrs: AttrDoc[] }
interface FilterDoc { name: string; aliases: string[]; input: string; doc: string; example: string; args: { name: string; type: string; required: boolean; doc: string }[] }
interface VariableDoc { name: string; pageTypes: string[]; type: string; fields: string[]; doc: string }
interface Docs { tags: TagDoc[]; filters: FilterDoc[]; omitted: { name: string; doc: string }[]; variables: VariableDoc[] }

const matches = (q: string, ...names: string[]) => !q || names.some((n) => n.toLowerCase().includes(q.toLowerCase()));

/**
 * /configs/staticize (spec §2 "template tags and functions", menu cms/staticize/index): the template
 * language's reference — tags with their attributes, functions (filters) and variables — as the
 * server serves it from the registry (GET /cms/staticize/tags|functions|variables), in the
 * reader's language.
 */
export default function StaticizeIsland() {
  const t = useT(templates);
  useViewGuard('cms:staticize:view');
  const [docs, setDocs] = useState<Docs | null>(null);
  const [q, setQ] = useState('');
  const lang = currentLanguage();
  useEffect(() => {
    void Promise.all([
      http.get<TagDoc[]>('/cms/staticize/tags'),
      http.get<{ filters: FilterDoc[]; omitted: { name: string; doc: string }[] }>('/cms/staticize/functions'),
      http.get<VariableDoc[]>('/cms/staticize/variables'),
    ]).then(([tags, fns, vars]) => setDocs({ tags: tags.data ?? [], filters: fns.data?.filters ?? [], omitted: fns.data?.omitted ?? [], variables: vars.data ?? [] }))
      .catch(() => undefined);
  }, [lang]);

  const attrTable = (tag: TagDoc) => (
    <DataTable value={tag.attrs} size="small" dataKey="name" emptyMessage={t('staticize.none')} pt={{ table: { 'aria-label': `${tag.name}: ${t('staticize.attrs')}` } }}>
      <Column header={t('staticize.name')} body={(a: AttrDoc) => <code>{a.name}</code>} style={{ width: '9rem' }} />
      <Column header={t('staticize.type')} field="type" style={{ width: '6rem' }} />
      <Column header={t('staticize.options')} body={(a: AttrDoc) => a.options.join(' | ')} />
      <Column header={t('staticize.default')} body={(a: AttrDoc) => (a.default === null ? '' : String(a.default))} style={{ width: '6rem' }} />
      <Column header={t('staticize.doc')} body={(a: AttrDoc) => <>{a.required ? <Tag severity="warning" value={t('staticize.required')} className="staticize-required" /> : null}{a.doc}</>} />
    </DataTable>
  );

  return (
    <PrimeReactProvider>
      <section className="staticize" data-testid="staticize">
        <div className="template-list-bar">
          <InputText value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('staticize.filter')} aria-label={t('staticize.filter')} data-testid="staticize-filter" />
        </div>
        <TabView>
          <TabPanel header={t('staticize.tags')}>
            {(docs?.tags ?? []).filter((tag) => matches(q, tag.name)).map((tag) => (
              <article key={tag.name} className="staticize-card" data-testid={`staticize-tag-${tag.name}`}>
                <h2><code>{tag.name}</code>{tag.block ? <small>{t('staticize.block')}</small> : null}</h2>
                <p>{tag.doc}</p>
                {attrTable(tag)}
                {tag.yields.length ? <p className="staticize-meta">{t('staticize.yields')}: <code>{tag.yields.join(', ')}</code>{tag.fields.length ? <> — {tag.fields.join(', ')}</> : null}</p> : null}
                <pre className="staticize-example"><code>{tag.example}</code></pre>
              </article>
            ))}
          </TabPanel>
          <TabPanel header={t('staticize.functions')}>
            <DataTable value={(docs?.filters ?? []).filter((f) => matches(q, f.name, ...f.aliases))} size="small" dataKey="name" pt={{ table: { 'aria-label': t('staticize.functions') } }} data-testid="staticize-functions">
              <Column header={t('staticize.name')} body={(f: FilterDoc) => <><code>{f.name}</code>{f.aliases.length ? <div className="staticize-meta">{t('staticize.aliases')}: {f.aliases.join(', ')}</div> : null}</>} style={{ width: '12rem' }} />
              <Column header={t('staticize.input')} field="input" style={{ width: '10rem' }} />
              <Column header={t('staticize.args')} body={(f: FilterDoc) => f.args.map((a) => <div key={a.name}><code>{a.name}</code> {a.type}{a.required ? ` (${t('staticize.required')})` : ''}: {a.doc}</div>)} />
              <Column header={t('staticize.doc')} body={(f: FilterDoc) => <>{f.doc}<pre className="staticize-example"><code>{f.example}</code></pre></>} />
            </DataTable>
            {docs?.omitted.length ? (
              <>
                <h2 className="staticize-omitted-title">{t('staticize.omitted')}</h2>
                <ul>{docs.omitted.map((o) => <li key={o.name}><code>{o.name}</code>: {o.doc}</li>)}</ul>
              </>
            ) : null}
          </TabPanel>
          <TabPanel header={t('staticize.variables')}>
            <DataTable value={(docs?.variables ?? []).filter((v) => matches(q, v.name))} size="small" dataKey="name" pt={{ table: { 'aria-label': t('staticize.variables') } }} data-testid="staticize-variables">
              <Column header={t('staticize.name')} body={(v: VariableDoc) => <code>{v.name}</code>} style={{ width: '10rem' }} />
              <Column header={t('staticize.type')} field="type" style={{ width: '6rem' }} />
              <Column header={t('staticize.pageTypes')} body={(v: VariableDoc) => v.pageTypes.map((p) => t(`bench.pageType.${p as 'index'}`)).join(t('bench.listSeparator'))} style={{ width: '14rem' }} />
              <Column header={t('staticize.doc')} body={(v: VariableDoc) => <>{v.doc}{v.fields.length ? <div className="staticize-meta">{v.fields.join(', ')}</div> : null}</>} />
            </DataTable>
          </TabPanel>
        </TabView>
      </section>
    </PrimeReactProvider>
  );
}
