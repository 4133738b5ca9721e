import '../../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { lazy, Suspense, useState } from 'react';
import { PrimeReactProvider } from '../../../components/widgets/prime-provider.ts';
import { TabView, TabPanel } from 'primereact/tabview';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useTranslate } from '../../../lib/i18n/react.ts';
import { http } from '../../../lib/request.ts';
import type { Row } from '../../../lib/resources/client.ts';
import { registerScreenTexts } from '../../../lib/i18n/screen-texts.ts';
import { message } from '../../../stores/notify.ts';
import { HasPermi } from '../../../components/widgets/Gates.tsx';
import { searchLogResource } from '../../../../shared/resources/cms/search-log.ts';
import { searchWordResource } from '../../../../shared/resources/cms/search-word.ts';
import { ResourceScreen } from '../../resource/ResourceScreen.tsx';
import type { ResourceExtensions, ScreenApi } from '../../resource/types.ts';
import { useViewGuard } from '../use-view-guard.ts';
import '../../resource/resource.css';
import './search-log.css';

// The chart (and Chart.js) load only when someone opens a word's trend.
const WordTrendDialog = lazy(() => import('./WordTrendDialog.tsx').then((m) => ({ default: m.WordTrendDialog })));

registerScreenTexts(searchLogResource);
registerScreenTexts(searchWordResource);

const w = (key: string, params?: Record<string, unknown>) => translate(`screens:searchWord.${key}`, params);

/** Sets the words on top (they lead the hot words) or cancels it, and says so. */
async function top(api: ScreenApi, rows: Row[], on: boolean) {
  const ids = rows.map((r) => Number(r.wordId));
  const res = await (on ? http.post('/search/word/set_top', { wordIds: ids, topFlag: 1 }) : http.post('/search/word/cancel_top', ids)).catch(() => null);
  if (res) {
    message.success(w(on ? 'topSet' : 'topCancelled'));
    api.reload();
  }
}

function TrendButton({ row }: { row: Row }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button text size="small" icon="pi pi-chart-line" label={w('trend')} aria-haspopup="dialog" onClick={() => setOpen(true)} />
      {open ? (
        <Suspense fallback={null}>
          <WordTrendDialog wordId={Number(row.wordId)} word={String(row.word ?? '')} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The word tab: on top marked, set top / cancel top for the selection, a trend per row. */
const wordExtensions: ResourceExtensions = {
  columns: { topFlag: (row) => (Number(row.topFlag) > 0 ? <Tag value={w('onTop')} severity="success" /> : null) },
  toolbar: (api) => (
    <HasPermi anyOf={[searchWordResource.perms.edit!]}>
      <Button size="small" outlined icon="pi pi-arrow-up" label={w('setTop')} disabled={!api.selection.length} onClick={() => void top(api, api.selection, true)} />
      <Button size="small" outlined severity="secondary" icon="pi pi-arrow-down" label={w('cancelTop')} disabled={!api.selection.length} onClick={() => void top(api, api.selection, false)} />
    </HasPermi>
  ),
  rowActions: (row) => <TrendButton row={row} />,
};

/**
 * /admin/configs/searchWord (menu 2053, component search/wordTab): the current site's readers'
 * searches in two tabs — the log (filter by query, browser or time; delete) and the word
 * statistics (most searched first; add, rename, set on top, a trend chart per word). Both tables
 * are their resource definitions' generic screens.
 */
export default function SearchLogIsland() {
  useViewGuard(searchLogResource.perms.view);
  const [active, setActive] = useState(0);
  // Drawn again when the language arrives or changes.
  const tr = useTranslate();
  return (
    <PrimeReactProvider>
      <section className="search-log-screen" data-testid="search-log">
        <TabView activeIndex={active} onTabChange={(e) => setActive(e.index)}>
          <TabPanel header={tr('screens:searchLog.logs')}>
            <ResourceScreen def={searchLogResource} />
          </TabPanel>
          <TabPanel header={tr('screens:searchLog.words')}>
            {active === 1 ? <ResourceScreen def={searchWordResource} extensions={wordExtensions} /> : null}
          </TabPanel>
        </TabView>
      </section>
    </PrimeReactProvider>
  );
}
