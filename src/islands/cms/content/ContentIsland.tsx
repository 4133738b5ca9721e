import '../../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { PrimeReactProvider } from '../../../components/widgets/prime-provider.ts';
import { useT } from '../../../lib/i18n/react.ts';
import contentNs from '../../../lib/i18n/ns/contentList.ts';
import '../../../lib/i18n/ns/fields.ts';
import '../../../lib/i18n/ns/resource.ts';
import { flatten, findNode, ROOT_ID, stillSelectable } from '../../../lib/cms/catalog-tree.ts';
import { CatalogTree } from '../../../components/cms/CatalogTree.tsx';
import { Tabs } from '../../../components/widgets/Tabs.tsx';
import type { CatalogTreeReply } from '../../../components/cms/catalog-api.ts';
import { recall } from '../../../components/cms/catalog-memory.ts';
import { $currentSite } from '../../../stores/site.ts';
import { useViewGuard } from '../use-view-guard.ts';
import { useHandoverDeadline } from '../../prepaint/handover.ts';
import type { ContentPage } from './content-api.ts';
import { ContentList } from './ContentList.tsx';
import { RecycleBin } from './RecycleBin.tsx';

// The page widgets' list (and its definition and extensions) load when their tab first opens.
const PageWidgetTab = lazy(() => import('./PageWidgetTab.tsx'));
import '../../resource/resource.css';
import '../../../components/widgets/widgets.css';
import '../cms-split.css';
import '../catalog/catalog.css';
import './content.css';

/**
 * /configs/content (spec §2 content tabs): the current site's catalog tree on the left; on the
 * right the chosen catalog's Content List and Recycle Bin (the site as root: all of them).
 */
const MEMORY = 'content';

interface Props {
  /** the build's render for the pre-paint (prepaint/frame.tsx): the whole site's tree and first page, drawn at once */
  prebuilt?: { tree: CatalogTreeReply; list: ContentPage };
}

export default function ContentIsland({ prebuilt }: Props = {}) {
  useViewGuard('cms:content:view');
  // A copy painted before the scripts (prepaint/) gives way at the latest after a while.
  useHandoverDeadline(!prebuilt);
  const t = useT(contentNs);
  const [tree, setTree] = useState<CatalogTreeReply | null>(prebuilt?.tree ?? null);
  // The catalog chosen before on this screen (this tab), known at once: the list is asked for
  // beside the tree, not after it (a warm switch to this screen waited ~130 ms for the tree).
  const [selected, setSelected] = useState<number | null>(() => (prebuilt ? ROOT_ID : recall(MEMORY, $currentSite.get()).selected));
  const [tab, setTab] = useState(0);
  const [treeVersion, setTreeVersion] = useState(0);
  const node = tree && selected !== null && selected !== ROOT_ID ? findNode(tree.rows, selected) ?? null : null;
  const names = useMemo(() => new Map(flatten(tree?.rows ?? []).map((n) => [n.id, n.label])), [tree]);
  // A deleted catalog is not in the tree: its contents in the recycle bin say so.
  const catalogName = (id: number) => names.get(id) ?? t('deletedCatalog');
  // Nothing remembered for this tab, or a catalog no longer there or no longer the user's: the whole site.
  useEffect(() => {
    if (tree && (selected === null || !stillSelectable(tree.rows, selected, true))) setSelected(ROOT_ID);
  }, [tree, selected]);
  const catalogId = selected === null || selected === ROOT_ID ? null : selected;

  return (
    <PrimeReactProvider>
      <div className="cms-split" data-testid="content-screen">
        <aside className="cms-split-aside">
          <CatalogTree showRoot memory={MEMORY} selection={selected} version={treeVersion} onLoaded={setTree} onSelect={(id) => setSelected(id)} testId="content-tree" prebuilt={prebuilt?.tree} />
        </aside>
        <section className="cms-split-main resource-screen">
          <Tabs
            className="content-tabs"
            active={tab}
            onChange={setTab}
            tabs={[
              {
                key: 'list',
                header: t('tabs.list'),
                // Mounted at once so its calls go out beside the tree's; shown with the tree, whose
                // names its rows print.
                content: () => (
                  <div hidden={!tree}>
                    <ContentList catalogId={catalogId} catalog={node} catalogName={catalogName} prebuilt={prebuilt?.list} treeDrawn={!prebuilt && !!tree && selected === ROOT_ID} />
                  </div>
                ),
              },
              {
                key: 'pageWidget',
                header: t('tabs.pageWidget'),
                content: () => (tree ? <Suspense fallback={null}><PageWidgetTab catalogId={node?.id ?? null} /></Suspense> : null),
              },
              {
                key: 'recycle',
                header: t('tabs.recycle'),
                content: () => (tree ? <RecycleBin catalogId={node?.id ?? null} catalogName={catalogName} onRestored={() => setTreeVersion((v) => v + 1)} /> : null),
              },
            ]}
          />
        </section>
      </div>
    </PrimeReactProvider>
  );
}
