import '../../../stores/request-context.ts'; // first: the request core's language, site and notices (see the file)
import { lazy, Suspense, useEffect, useState } from 'react';
import { PrimeReactProvider } from '../../../components/widgets/prime-provider.ts';
import { Button } from 'primereact/button';
import { PreviewButton } from '../../../components/cms/PreviewButton.tsx';
import { useT } from '../../../lib/i18n/react.ts';
import catalogNs from '../../../lib/i18n/ns/catalog.ts';
import '../../../lib/i18n/ns/fields.ts';
import '../../../lib/i18n/ns/validation.ts';
import { allows, usePermissions } from '../../../stores/permission-gate.ts';
import { catalogResource } from '../../../../shared/resources/cms/catalog.ts';
import { findNode, planDrop, ROOT_ID, siblingPlace, type CatalogNode, type DropPlace } from '../../../lib/cms/catalog-tree.ts';
import { catalogActions } from '../../../lib/cms/catalog-actions.ts';
import { message } from '../../../stores/notify.ts';
import { askToConfirm } from '../../../components/form/confirm.ts';
import { CatalogTree } from '../../../components/cms/CatalogTree.tsx';
import { CatalogPickerDialog } from '../../../components/cms/CatalogPickerDialog.tsx';
import { moveCatalog, removeCatalog, setCatalogVisible, sortCatalog, type CatalogTreeReply } from '../../../components/cms/catalog-api.ts';
import { useViewGuard } from '../use-view-guard.ts';
import { CatalogDetail } from './CatalogDetail.tsx';
import { AddCatalogDialog } from './AddCatalogDialog.tsx';
import { BatchAddDialog } from './BatchAddDialog.tsx';
import '../../resource/resource.css';
import '../../../components/widgets/widgets.css';
import '../cms-split.css';
import './catalog.css';

const P = catalogResource.perms;
type Dialog = 'add' | 'batch' | 'move' | 'publish' | null;

// The publish dialog (switches, the status dropdown) loads when first opened.
const CatalogPublishDialog = lazy(() => import('../../../components/cms/CatalogPublishDialog.tsx'));

/**
 * /configs/catalog (spec §2 catalog tabs, §3 Catalog, §4 move): the current site's catalog tree on
 * the left, the chosen catalog's tabs Basic and Extend on the right, and the tree's actions: add
 * one or many, move (dialog or drag and drop), up and down, show or hide, delete, publish. Each is
 * offered by its menu key and enabled by the user's grants on the chosen catalog (on the site at
 * the root), as the tree reply lists them (catalog-actions.ts).
 */
export default function CatalogIsland() {
  useViewGuard(P.view);
  const t = useT(catalogNs);
  const perms = usePermissions();
  const can = (perm: string) => allows(perms, perm);
  const [tree, setTree] = useState<CatalogTreeReply | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [treeVersion, setTreeVersion] = useState(0);
  const [detailVersion, setDetailVersion] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);

  const node: CatalogNode | null = tree && selected !== null && selected !== ROOT_ID ? findNode(tree.rows, selected) ?? null : null;
  const place = node && tree ? siblingPlace(tree.rows, node.id) : { index: -1, count: 0 };
  const { offered, allowed, addChild, addTop } = catalogActions(node, tree?.sitePerms, can);
  // Nothing remembered for this tab: the site, whose actions are adding at the top level.
  useEffect(() => {
    if (tree && selected === null) setSelected(ROOT_ID);
  }, [tree, selected]);
  const reloadTree = () => setTreeVersion((v) => v + 1);
  const changed = () => {
    reloadTree();
    setDetailVersion((v) => v + 1);
  };

  /** Runs one tree action, then redraws the tree (and the tabs) whatever the outcome; says whether it was done. */
  const act = async (run: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await run();
      if (done) message.success(done);
      return true;
    } catch {
      // The request layer has shown the server's reason.
      return false;
    } finally {
      setBusy(false);
      changed();
    }
  };

  const remove = async () => {
    if (!node) return;
    // The confirmation text is the spec's own (§8).
    if (!(await askToConfirm(t('confirmDelete')))) return;
    setBusy(true);
    try {
      const { removed } = await removeCatalog(node.id);
      message.success(t('removed', { count: removed }));
      setSelected(node.parentId || ROOT_ID);
      reloadTree();
    } catch {
      /* shown by the request layer */
    } finally {
      setBusy(false);
    }
  };

  /**
   * A drop, or the same from the keyboard (the tree's Ctrl+Shift+arrows and node menu, which say
   * the new place themselves instead of the notice): a move then a sort offset, as the server has them.
   */
  const drop = async (dragId: number, targetId: number, where: DropPlace, by?: 'keyboard') => {
    const dragged = tree && findNode(tree.rows, dragId);
    if (!tree || !dragged) return false;
    const plan = planDrop(tree.rows, dragId, targetId, where);
    if (!plan) return false;
    if (!catalogActions(dragged, tree.sitePerms, can).allowed.move) {
      if (by) message.warning(t('move.notAllowed', { name: dragged.label }));
      return false;
    }
    return act(async () => {
      if (plan.moveTo !== null) await moveCatalog(dragId, plan.moveTo);
      if (plan.sort) await sortCatalog(dragId, plan.sort);
    }, by ? undefined : t(plan.moveTo !== null ? 'moved' : 'sorted'));
  };

  return (
    <PrimeReactProvider>
      <div className="cms-split" data-testid="catalog-screen">
        <aside className="cms-split-aside">
          <CatalogTree
            showRoot
            memory="catalog"
            selection={selected}
            version={treeVersion}
            onLoaded={setTree}
            onSelect={(id) => setSelected(id)}
            onDrop={offered.move ? drop : undefined}
            onMoveTo={(id) => {
              const moving = tree && findNode(tree.rows, id);
              if (!moving) return;
              if (!catalogActions(moving, tree.sitePerms, can).allowed.move) return message.warning(t('move.notAllowed', { name: moving.label }));
              setSelected(id);
              setDialog('move');
            }}
            testId="catalog-tree"
          />
        </aside>
        <section className="cms-split-main resource-screen">
          <div className="table-toolbar catalog-toolbar">
            <div className="table-toolbar-actions">
              {offered.add ? <Button size="small" outlined icon="pi pi-plus" label={t('toolbar.add')} disabled={!allowed.add} onClick={() => setDialog('add')} data-testid="catalog-add" /> : null}
              {offered.batchAdd ? <Button size="small" outlined icon="pi pi-list" label={t('toolbar.batchAdd')} disabled={!allowed.batchAdd} onClick={() => setDialog('batch')} data-testid="catalog-batch" /> : null}
              {offered.move ? <Button size="small" outlined severity="info" icon="pi pi-arrows-alt" label={t('toolbar.move')} disabled={!allowed.move || busy} onClick={() => setDialog('move')} data-testid="catalog-move" /> : null}
              {offered.sort ? (
                <>
                  <Button size="small" outlined severity="secondary" icon="pi pi-arrow-up" label={t('toolbar.up')} disabled={!allowed.sort || busy || place.index <= 0} onClick={() => node && void act(() => sortCatalog(node.id, -1))} data-testid="catalog-up" />
                  <Button size="small" outlined severity="secondary" icon="pi pi-arrow-down" label={t('toolbar.down')} disabled={!allowed.sort || busy || place.index < 0 || place.index >= place.count - 1} onClick={() => node && void act(() => sortCatalog(node.id, 1))} data-testid="catalog-down" />
                </>
              ) : null}
              {offered.showHide ? (
                <Button
                  size="small"
                  outlined
                  severity="secondary"
                  icon={node?.props.visibleFlag === 'N' ? 'pi pi-eye' : 'pi pi-eye-slash'}
                  label={t(node?.props.visibleFlag === 'N' ? 'toolbar.show' : 'toolbar.hide')}
                  disabled={!allowed.showHide || busy}
                  onClick={() => node && void act(() => setCatalogVisible(node.id, node.props.visibleFlag === 'N' ? 'Y' : 'N'), t(node.props.visibleFlag === 'N' ? 'shown' : 'hidden'))}
                  data-testid="catalog-visible"
                />
              ) : null}
              {offered.remove ? <Button size="small" outlined severity="danger" icon="pi pi-trash" label={t('toolbar.remove')} disabled={!allowed.remove || busy} onClick={() => void remove()} data-testid="catalog-remove" /> : null}
              {offered.publish ? <Button size="small" outlined severity="success" icon="pi pi-send" label={t('toolbar.publish')} disabled={!allowed.publish || busy} onClick={() => setDialog('publish')} data-testid="catalog-publish" /> : null}
              {/* A link catalog has no page of its own to preview. */}
              <PreviewButton outlined target={node && node.props.catalogType !== 'link' ? { type: 'catalog', id: node.id } : null} name={node?.label ?? ''} testId="catalog-preview" />
            </div>
          </div>
          {node ? (
            <CatalogDetail catalogId={node.id} version={detailVersion} canEdit={allowed.edit} canApplyTemplate={allowed.applyTemplate} onSaved={reloadTree} />
          ) : (
            <div className="cms-split-empty" data-testid="catalog-choose">
              <i className="pi pi-sitemap" aria-hidden="true" />
              <p>{tree && !tree.rows.length ? t('emptySite') : t('choose')}</p>
            </div>
          )}
        </section>
      </div>
      {dialog === 'add' ? (
        <AddCatalogDialog
          parent={addChild ? node : null}
          canAddTop={addTop}
          onHide={() => setDialog(null)}
          onAdded={(id) => {
            setDialog(null);
            message.success(t('added'));
            setSelected(id);
            reloadTree();
          }}
        />
      ) : null}
      {dialog === 'batch' ? (
        <BatchAddDialog
          parent={addChild ? node : null}
          canAddTop={addTop}
          onHide={() => setDialog(null)}
          onAdded={(count) => {
            setDialog(null);
            message.success(t('batch.added', { count }));
            reloadTree();
          }}
        />
      ) : null}
      {dialog === 'move' && node ? (
        <CatalogPickerDialog
          header={t('move.title', { name: node.label })}
          hint={t('move.hint')}
          showRoot
          testId="catalog-move-dialog"
          onHide={() => setDialog(null)}
          onPick={async (to) => {
            await moveCatalog(node.id, to);
            setDialog(null);
            message.success(t('moved'));
            changed();
          }}
        />
      ) : null}
      {dialog === 'publish' && node ? (
        <Suspense fallback={null}>
          <CatalogPublishDialog catalogId={node.id} name={node.label} onHide={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </PrimeReactProvider>
  );
}
