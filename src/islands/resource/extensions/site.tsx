import { useStore } from '@nanostores/react';
import { Tag } from 'primereact/tag';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useLocale } from '../../../lib/i18n/react.ts';
import { go } from '../../../lib/routes/navigation.ts';
import type { Row } from '../../../lib/resources/client.ts';
import { $currentSite, sitesChanged } from '../../../stores/site.ts';
import type { ResourceExtensions } from '../types.ts';
import { PreviewButton } from '../../../components/cms/PreviewButton.tsx';
import { SitePublishButton } from '../../../components/cms/SitePublishButton.tsx';
import type { SitePerm } from '../../../../shared/cms/perms.ts';
import './site.css';

/** The route of a site's edit tabs (spec §2: /cms/site/tabs, hidden, under the Sites menu). */
export const siteTabsRoute = (siteId: unknown) => `/cms/site/tabs?siteId=${encodeURIComponent(String(siteId))}`;

/** The name, marked when it is the site the console works on now. */
function NameCell({ row }: { row: Row }) {
  useLocale();
  const current = useStore($currentSite);
  return (
    <span className="site-name-cell">
      {String(row.name ?? '')}
      {current !== '' && current === String(row.siteId) ? <Tag className="site-current-tag" severity="success" value={translate('cms:site.current')} /> : null}
    </span>
  );
}

/** "“News”", "「News」" or "\"News\"": a name as the language quotes it. */
const quoted = (row: Row) => translate('cms:site.quoted', { name: String(row.name ?? '') });

/**
 * Sites (/configs/site): Edit opens the site's tabs rather than a dialog; a delete names the sites
 * and says that everything they own goes with them; the current site is marked in the list, and
 * the navbar's picker follows a delete. Each row previews the site's home page, and publishes the
 * site for whoever may (the row lists the reader's rights on it).
 */
export const siteExtensions: ResourceExtensions = {
  edit: (row) => void go(siteTabsRoute(row.siteId)),
  confirmRemove: (rows) =>
    rows.length === 1
      ? translate('cms:site.confirmRemoveOne', { name: quoted(rows[0]!) })
      : translate('cms:site.confirmRemoveMany', { count: rows.length, names: rows.map(quoted).join(translate('cms:site.nameSeparator')) }),
  afterRemove: () => sitesChanged(),
  rowActions: (row) => (
    <>
      <PreviewButton target={{ type: 'site', id: Number(row.siteId) }} name={String(row.name ?? '')} />
      <SitePublishButton siteId={String(row.siteId)} name={String(row.name ?? '')} perms={row.perms as SitePerm[] | undefined} />
    </>
  ),
  columns: {
    name: (row) => <NameCell row={row} />,
    url: (row) => (row.url ? <a href={String(row.url)} target="_blank" rel="noopener noreferrer" className="site-url-cell" title={String(row.url)}>{String(row.url).replace(/^https?:\/\//, '')}</a> : null),
  },
};
