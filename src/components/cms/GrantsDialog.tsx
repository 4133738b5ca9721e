import { useEffect, useState, type ReactNode } from 'react';
import { TabView, TabPanel } from 'primereact/tabview';
import { Dropdown } from 'primereact/dropdown';
import { useStore } from '@nanostores/react';
import { useT } from '../../lib/i18n/react.ts';
import cms from '../../lib/i18n/ns/cms.ts';
import { changedRows, isDirty, type GrantGrid as Grid } from '../../lib/cms/grant-grid.ts';
import type { TreeNodeOf } from '../../lib/resources/tree.ts';
import { message } from '../../stores/notify.ts';
import { $currentSite } from '../../stores/site.ts';
import { FormDialog } from '../form/FormDialog.tsx';
import { askToConfirm } from '../form/confirm.ts';
import { GrantGrid, GrantLegend } from './GrantGrid.tsx';
import { loadGrid, loadRoleMenus, loadUserRoles, saveGrid, type GrantOwnerRef } from './grants-api.ts';
import './grants.css';

/** A grid being loaded, loaded, or refused (the server's words, e.g. "administrators hold every right"). */
type Loaded<T> = { value: T; error?: undefined } | { value?: undefined; error: string } | undefined;

const failure = (e: unknown) => (e instanceof Error ? e.message : String(e));

function useLoaded<T>(load: (() => Promise<T>) | null, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>(undefined);
  useEffect(() => {
    if (!load) return;
    let live = true;
    setState(undefined);
    load().then((value) => live && setState({ value }), (e: unknown) => live && setState({ error: failure(e) }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}

function Pending({ state, empty, children }: { state: Loaded<unknown>; empty?: string; children: () => ReactNode }) {
  if (!state) return <p className="grants-empty"><i className="pi pi-spin pi-spinner" aria-hidden="true" /></p>;
  if (state.error !== undefined) return <p className="grants-error" role="alert">{state.error}</p>;
  if (empty) return <p className="grants-empty">{empty}</p>;
  return <>{children()}</>;
}

type MenuNode = TreeNodeOf<{ menuType?: string }>;

function MenuList({ nodes }: { nodes: MenuNode[] }) {
  return (
    <ul className="grants-menus">
      {nodes.map((n) => (
        <li key={n.key}>
          <i className={`pi ${n.children.length ? 'pi-folder' : 'pi-file'}`} aria-hidden="true" />
          {n.label}
          {n.children.length ? <MenuList nodes={n.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Menus are a role's own (edited in its form); a user's come from their roles. Shown here for the whole picture. */
function MenuTab({ owner }: { owner: GrantOwnerRef }) {
  const t = useT(cms);
  const menus = useLoaded(owner.type === 'Role' ? () => loadRoleMenus(owner.id) : null, [owner.id]);
  const roles = useLoaded(owner.type === 'User' ? () => loadUserRoles(owner.id) : null, [owner.id]);
  if (owner.type === 'User') {
    return (
      <Pending state={roles}>
        {() => <p className="grants-note" data-testid="grants-menu-user">{roles?.value?.length ? t('grants.menuUser', { roles: roles.value.join(t('grants.listJoin')) }) : t('grants.menuUserNone')}</p>}
      </Pending>
    );
  }
  return (
    <>
      <p className="grants-note">{t('grants.menuRole')}</p>
      <Pending state={menus} empty={menus?.value && !menus.value.length ? t('grants.menuNone') : undefined}>
        {() => <div className="grants-menus-root" data-testid="grants-menus"><MenuList nodes={menus!.value as MenuNode[]} /></div>}
      </Pending>
    </>
  );
}

interface Props {
  owner: GrantOwnerRef;
  onHide(): void;
}

/**
 * The grants of one role or user (spec §6 categories): menus (read here, edited in the role form),
 * rights per site, and rights per catalog of a chosen site. One save sends every grid that
 * changed; closing with changes asks first. Content rights are catalog rights (add, edit, delete
 * content) and per page widget of a chosen site (the catalogs' site choice, shared).
 */
export default function GrantsDialog({ owner, onHide }: Props) {
  const t = useT(cms);
  const current = useStore($currentSite);
  const [tab, setTab] = useState(1);
  const [sites, setSites] = useState<Loaded<Grid>>(undefined);
  const [catalogSite, setCatalogSite] = useState<number | null>(null);
  // Per site: its catalog grid, kept while another site is looked at, so one save sends both.
  const [catalogs, setCatalogs] = useState<Map<number, Loaded<Grid>>>(() => new Map());
  // Per site: its page widgets' grid, the same way.
  const [widgets, setWidgets] = useState<Map<number, Loaded<Grid>>>(() => new Map());
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    loadGrid('site', owner).then((value) => {
      if (!live) return;
      setSites({ value });
      const ids = value.rows.map((r) => r.id);
      setCatalogSite(ids.includes(Number(current)) ? Number(current) : (ids[0] ?? null));
    }, (e: unknown) => live && setSites({ error: failure(e) }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [owner.type, owner.id]);

  useEffect(() => {
    if (catalogSite === null || catalogs.has(catalogSite)) return;
    const siteId = catalogSite;
    setCatalogs((m) => new Map(m).set(siteId, undefined));
    loadGrid('catalog', owner, siteId).then(
      (value) => setCatalogs((m) => new Map(m).set(siteId, { value })),
      (e: unknown) => setCatalogs((m) => new Map(m).set(siteId, { error: failure(e) })),
    );
  }, [catalogSite, catalogs, owner]);

  useEffect(() => {
    if (catalogSite === null || widgets.has(catalogSite)) return;
    const siteId = catalogSite;
    setWidgets((m) => new Map(m).set(siteId, undefined));
    loadGrid('pageWidget', owner, siteId).then(
      (value) => setWidgets((m) => new Map(m).set(siteId, { value })),
      (e: unknown) => setWidgets((m) => new Map(m).set(siteId, { error: failure(e) })),
    );
  }, [catalogSite, widgets, owner]);

  const setCatalogGrid = (siteId: number, grid: Grid) => setCatalogs((m) => new Map(m).set(siteId, { value: grid }));
  const setWidgetGrid = (siteId: number, grid: Grid) => setWidgets((m) => new Map(m).set(siteId, { value: grid }));
  const dirtyCatalogs = [...catalogs].filter(([, g]) => isDirty(g?.value));
  const dirtyWidgets = [...widgets].filter(([, g]) => isDirty(g?.value));
  const dirty = isDirty(sites?.value) || dirtyCatalogs.length > 0 || dirtyWidgets.length > 0;

  const close = async () => {
    if (!dirty || (await askToConfirm(t('grants.discard')))) onHide();
  };

  const save = async () => {
    if (!dirty) {
      message.info(t('grants.unchanged'));
      return;
    }
    setSaving(true);
    try {
      if (sites?.value && isDirty(sites.value)) await saveGrid('site', owner, changedRows(sites.value));
      for (const [siteId, g] of dirtyCatalogs) await saveGrid('catalog', owner, changedRows(g!.value!), siteId);
      for (const [siteId, g] of dirtyWidgets) await saveGrid('pageWidget', owner, changedRows(g!.value!), siteId);
      message.success(t('grants.saved'));
      onHide();
    } catch {
      // the request layer showed the server's reason; the dialog stays open with the changes
    } finally {
      setSaving(false);
    }
  };

  const outside = (kind: 'site' | 'catalog') => t(kind === 'site' ? 'grants.fromRoles' : owner.type === 'User' ? 'grants.fromRolesOrAbove' : 'grants.fromAbove');
  const siteRows = sites?.value?.rows ?? [];
  const catalogState = catalogSite === null ? undefined : catalogs.get(catalogSite);
  const widgetState = catalogSite === null ? undefined : widgets.get(catalogSite);

  return (
    <FormDialog
      formId="grants-form"
      header={t('grants.title', { name: owner.name })}
      width="1040px"
      className="grants-dialog"
      testId="grants-dialog"
      saving={saving}
      submitDisabled={!!sites?.error}
      onSubmit={() => void save()}
      onHide={() => void close()}
    >
      <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)}>
        <TabPanel header={t('grants.tabs.menu')}>
          <MenuTab owner={owner} />
        </TabPanel>
        <TabPanel header={t('grants.tabs.site')}>
          <p className="grants-note">{t('grants.siteNote')}</p>
          <Pending state={sites} empty={sites?.value && !siteRows.length ? t('grants.noSites') : undefined}>
            {() => (
              <>
                <GrantLegend />
                <GrantGrid grid={sites!.value!} onChange={(g) => setSites({ value: g })} objectLabel={t('grants.site')} label={t('grants.tabs.site')} outsideText={outside('site')} testId="grants-site" />
              </>
            )}
          </Pending>
        </TabPanel>
        <TabPanel header={t('grants.tabs.catalog')}>
          <p className="grants-note">{t('grants.catalogNote')}</p>
          <Pending state={sites} empty={sites?.value && !siteRows.length ? t('grants.noSites') : undefined}>
            {() => (
              <>
                <div className="grants-toolbar">
                  <label htmlFor="grants-catalog-site">{t('grants.chooseSite')}</label>
                  <Dropdown
                    inputId="grants-catalog-site"
                    value={catalogSite}
                    options={siteRows.map((r) => ({ value: r.id, label: r.name }))}
                    onChange={(e) => setCatalogSite(Number(e.value))}
                    data-testid="grants-catalog-site"
                  />
                </div>
                <Pending state={catalogState} empty={catalogState?.value && !catalogState.value.rows.length ? t('grants.noCatalogs') : undefined}>
                  {() => (
                    <>
                      <GrantLegend />
                      <GrantGrid
                        key={catalogSite}
                        grid={catalogState!.value!}
                        onChange={(g) => setCatalogGrid(catalogSite!, g)}
                        objectLabel={t('grants.catalog')}
                        label={t('grants.tabs.catalog')}
                        outsideText={outside('catalog')}
                        testId="grants-catalog"
                      />
                    </>
                  )}
                </Pending>
              </>
            )}
          </Pending>
        </TabPanel>
        <TabPanel header={t('grants.tabs.pageWidget')}>
          <p className="grants-note">{t('grants.widgetNote')}</p>
          <Pending state={sites} empty={sites?.value && !siteRows.length ? t('grants.noSites') : undefined}>
            {() => (
              <>
                <div className="grants-toolbar">
                  <label htmlFor="grants-widget-site">{t('grants.widgetSite')}</label>
                  <Dropdown
                    inputId="grants-widget-site"
                    value={catalogSite}
                    options={siteRows.map((r) => ({ value: r.id, label: r.name }))}
                    onChange={(e) => setCatalogSite(Number(e.value))}
                    data-testid="grants-widget-site"
                  />
                </div>
                <Pending state={widgetState} empty={widgetState?.value && !widgetState.value.rows.length ? t('grants.noWidgets') : undefined}>
                  {() => (
                    <>
                      <GrantLegend />
                      <GrantGrid
                        key={catalogSite}
                        grid={widgetState!.value!}
                        onChange={(g) => setWidgetGrid(catalogSite!, g)}
                        objectLabel={t('grants.pageWidget')}
                        label={t('grants.tabs.pageWidget')}
                        outsideText={outside('site')}
                        testId="grants-widget"
                      />
                    </>
                  )}
                </Pending>
              </>
            )}
          </Pending>
        </TabPanel>
      </TabView>
    </FormDialog>
  );
}
