import { useStore } from '@nanostores/react';
import { $current, $pages, findPage } from '../../stores/routes.ts';
import { DASHBOARD_ROUTE } from '../../../shared/constants.ts';
import { hrefOf } from '../../lib/routes/navigation.ts';
import { useI18nText, useT } from '../../lib/i18n/react.ts';
import shell from '../../lib/i18n/ns/shell.ts';
import { useMounted } from '../../lib/react/use-mounted.ts';
import { shownTitle } from '../../lib/routes/shown-title.ts';
import { menuPathOf } from '../router/screens.ts';

/** Home / directory / page: directories are not links (their redirect is noRedirect), the last item neither. */
export function NavBreadcrumb() {
  const t = useT(shell);
  const mounted = useMounted();
  const current = useStore($current);
  const pages = useStore($pages);
  const title = useI18nText(() => shownTitle(current, pages));
  if (!mounted) return <nav className="shell-breadcrumb" aria-label={t('header.breadcrumb')} />;
  const page = findPage(pages, current.path);
  // A page no menu names sits under its active menu's entry (a site's edit tabs under Sites).
  const parent = page ? undefined : findPage(pages, menuPathOf(current.path));
  const own = title ? [{ title, path: current.path, container: false }] : [];
  const trail = page ? page.trail : parent ? [...parent.trail, ...own] : own;
  const home = { title: t('header.home'), path: DASHBOARD_ROUTE, container: false };
  const items = current.path === DASHBOARD_ROUTE ? [home] : [home, ...trail];
  return (
    <nav className="shell-breadcrumb" aria-label={t('header.breadcrumb')} data-testid="shell-breadcrumb">
      <ol>
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${item.path}-${i}`}>
              {last || item.container ? <span className={last ? 'is-current' : undefined}>{item.title}</span> : <a href={hrefOf(item.path)}>{item.title}</a>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
