import type { ReactNode } from 'react';
import { builtLanguage } from '../../lib/i18n/i18n.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { PrimeReactProvider } from '../../components/widgets/prime-provider.ts';
import { ALL_PERMISSIONS, MOBILE_BREAKPOINT_PX, PAGER_COUNT, PAGER_COUNT_MOBILE } from '../../../shared/constants.ts';
import { Pagination } from '../../components/widgets/Pagination.tsx';
import widgets from '../../lib/i18n/ns/widgets.ts';
import { MARK, type PagerFrame } from './kit.ts';
import type { HeldKeys } from '../../lib/auth/permission.ts';

/** A fragment for a painter: `node` as the island's components draw it, in the build's language. */
export const renderFragment = (node: ReactNode) => renderToStaticMarkup(<PrimeReactProvider>{node}</PrimeReactProvider>);

/**
 * A list drawn with one item whose values are markers, cut into the list with ⟦items⟧ where its
 * items go and that item (between the first `open` and the last `close`).
 */
export function cutItems(html: string, open: string, close: string): [string, string] {
  const start = html.indexOf(open);
  const end = html.lastIndexOf(close);
  if (start < 0 || end < start) throw new Error(`cutItems: ${open}…${close} not found`);
  return [`${html.slice(0, start + open.length)}\u27E6items\u27E7${html.slice(end)}`, html.slice(start + open.length, end)];
}

/**
 * Permissions as a user holding every key would have them, noting each key asked about (a check
 * asks for '*' first, then the key: '*' is answered no so that the key is asked and noted). For
 * DrawnPermissions: a frame drawn for such a user is painted only for a user holding them all.
 */
export function askedPermissions(asked: Set<string>): HeldKeys {
  return {
    includes(key) {
      if (key === ALL_PERMISSIONS) return false;
      asked.add(key);
      return true;
    },
  };
}

/** The pager of a list of `limit` rows a page, with one to seven page links (the painter's pagerOf picks one). */
export function pagerFrame(limit: number): PagerFrame {
  const t = widgets.fixed(builtLanguage());
  const pagers = Array.from({ length: Math.max(PAGER_COUNT, PAGER_COUNT_MOBILE) }, (_, i) => {
    const total = (i + 1) * limit;
    const drawn = renderFragment(<Pagination total={total} value={{ page: 1, limit }} onChange={() => undefined} />);
    return drawn.replace(`>${t('pagination.total', { total })}<`, `>${t('pagination.total', { total: MARK('total') })}<`);
  });
  return { pagers, links: [PAGER_COUNT_MOBILE, PAGER_COUNT], breakpoint: MOBILE_BREAKPOINT_PX, limit };
}

/**
 * Icons drawn many times in a frame's fragments (a select's chevron, a pager's arrows: a kilobyte
 * each) kept once: `take` puts ⟦svgN⟧ for each, `svgs` maps them back, which a painter fills into
 * its fragments before anything of the answers' goes in.
 */
export function svgTable() {
  const svgs: Record<string, string> = {};
  const names = new Map<string, string>();
  const take = (fragment: string) =>
    fragment.replace(/<svg[\s\S]*?<\/svg>/g, (svg) => {
      let name = names.get(svg);
      if (!name) {
        name = `svg${names.size}`;
        names.set(svg, name);
        svgs[name] = svg;
      }
      return MARK(name);
    });
  return { take, svgs };
}
