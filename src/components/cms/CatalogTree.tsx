import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Tree, type TreeExpandedKeysType } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { InputText } from 'primereact/inputtext';
import { SkeletonBar } from '../widgets/SkeletonBar.tsx';
import { useT } from '../../lib/i18n/react.ts';
import catalogNs from '../../lib/i18n/ns/catalog.ts';
import { $currentSite } from '../../stores/site.ts';
import { loadPreferences } from '../../stores/preferences.ts';
import { dropPlace, expandTo, filterTree, findNode, pruneExpanded, ROOT_ID, stillSelectable, toggleNode, type CatalogNode, type DropPlace, type Expanded, type ExpandMode } from '../../lib/cms/catalog-tree.ts';
import { fetchTree, type CatalogTreeReply } from './catalog-api.ts';
import { recall, remember } from './catalog-memory.ts';
import './catalog-tree.css';

interface Props {
  /** another site's tree (a picker copying into other sites); default the current site */
  siteId?: string;
  /** the site as a node above the top level (id ROOT_ID): "the whole site" or "the top level" */
  showRoot?: boolean;
  /** link catalogs greyed (pickers of where contents go) */
  disableLink?: boolean;
  /** the chosen catalog, or several (a picker choosing many, where a click adds or takes away) */
  selection: number | null | readonly number[];
  onSelect(id: number, node: CatalogNode | null): void;
  /** lets catalogs be dragged onto, before or after others; the screen asks the server */
  onDrop?(dragId: number, targetId: number, place: DropPlace): void;
  /** changed to reload the tree (after an add, a move, a delete) */
  version?: number;
  onLoaded?(reply: CatalogTreeReply): void;
  /** remembers the chosen catalog and the open branches under this name for the browser tab */
  memory?: string;
  testId?: string;
}

const ROOT_KEY = String(ROOT_ID);

/**
 * The catalog tree of a site (spec §2, §9): filtered by name, alias or folder; branches open
 * freely or one per level (the user's "catalog tree expansion" preference); catalogs the user
 * may not open but that lead to ones they may are greyed; optionally the site as root, drag and
 * drop, and several chosen at once.
 */
export function CatalogTree({ siteId, showRoot, disableLink, selection, onSelect, onDrop, version = 0, onLoaded, memory, testId }: Props) {
  const t = useT(catalogNs);
  const [reply, setReply] = useState<CatalogTreeReply | null>(null);
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<ExpandMode>('normal');
  const [expanded, setExpanded] = useState<Expanded>({});
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Expanded>({});
  const [hover, setHover] = useState<{ id: number; place: DropPlace } | null>(null);
  const dragging = useRef<number | null>(null);
  const memoryKey = siteId ?? $currentSite.get();
  // The latest props for the load effect, which runs only when the tree itself must be read again.
  const latest = useRef({ selection, onSelect, onLoaded, memory, mode });
  latest.current = { selection, onSelect, onLoaded, memory, mode };

  useEffect(() => {
    void loadPreferences().then((p) => setMode(p.catalogTreeExpandMode === 'accordion' ? 'accordion' : 'normal'));
  }, []);

  useEffect(() => {
    let live = true;
    setFailed(false);
    fetchTree({ siteId, disableLink })
      .then((r) => {
        if (!live) return;
        setReply(r);
        const { selection: chosen, onSelect: select, onLoaded: loaded, memory: scope, mode: expandMode } = latest.current;
        const kept = scope ? recall(scope, memoryKey) : null;
        setExpanded((e) => {
          const base = pruneExpanded({ ...(kept?.expanded ?? {}), ...e }, r.rows);
          const target = typeof chosen === 'number' ? chosen : kept?.selected;
          return typeof target === 'number' && target !== ROOT_ID ? expandTo(base, r.rows, target, expandMode) : base;
        });
        loaded?.(r);
        // A catalog chosen before (this tab, this screen) is chosen again if it is still there.
        if (kept && chosen === null && kept.selected !== null) {
          if (stillSelectable(r.rows, kept.selected, !!showRoot)) select(kept.selected, kept.selected === ROOT_ID ? null : findNode(r.rows, kept.selected)!);
        }
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [siteId, disableLink, version, memoryKey, showRoot]);

  useEffect(() => {
    if (memory && reply) remember(memory, memoryKey, { selected: typeof selection === 'number' ? selection : null, expanded });
  }, [memory, memoryKey, reply, selection, expanded]);

  const filtered = useMemo(() => (reply ? filterTree(reply.rows, query) : null), [reply, query]);
  const filtering = query.trim() !== '';

  const nodes = useMemo(() => {
    if (!reply || !filtered) return [];
    const toPrime = (n: CatalogNode): TreeNode => ({
      key: String(n.id),
      label: n.label,
      data: n,
      selectable: !n.disabled,
      className: n.disabled ? 'catalog-tree-disabled' : undefined,
      children: n.children?.map(toPrime),
      leaf: !n.children?.length,
    });
    const list = filtered.nodes.map(toPrime);
    return showRoot ? [{ key: ROOT_KEY, label: reply.siteName, data: null, selectable: true, children: list, leaf: false, className: 'catalog-tree-root' }] : list;
  }, [reply, filtered, showRoot]);

  const open: TreeExpandedKeysType = { ...(filtering ? found : expanded), ...(showRoot ? { [ROOT_KEY]: true } : {}) };
  const selectionKeys = Array.isArray(selection)
    ? Object.fromEntries(selection.map((id) => [String(id), true]))
    : selection === null || selection === undefined ? null : String(selection);
  const many = Array.isArray(selection);

  useEffect(() => {
    if (filtered) setFound(filtered.expanded);
  }, [filtered]);

  const onToggle = (next: TreeExpandedKeysType) => {
    const before = filtering ? found : expanded;
    const changed = [...new Set([...Object.keys(next), ...Object.keys(before)])].find((k) => k !== ROOT_KEY && !!next[k] !== !!before[k]);
    if (!changed || !reply) return;
    const after = toggleNode(before, reply.rows, Number(changed), !!next[changed], mode);
    if (filtering) setFound(after);
    else setExpanded(after);
  };

  const drag = onDrop
    ? (n: CatalogNode | null) => {
        const id = n?.id ?? ROOT_ID;
        return {
          draggable: !!n && !n.disabled,
          onDragStart: (e: DragEvent) => {
            dragging.current = id;
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', String(id));
          },
          onDragOver: (e: DragEvent<HTMLElement>) => {
            if (dragging.current === null || dragging.current === id) return;
            e.preventDefault();
            const box = e.currentTarget.getBoundingClientRect();
            const place = id === ROOT_ID ? 'inside' : dropPlace(e.clientY - box.top, box.height);
            if (hover?.id !== id || hover.place !== place) setHover({ id, place });
          },
          onDragLeave: () => setHover((h) => (h?.id === id ? null : h)),
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            const from = dragging.current;
            const place = hover?.id === id ? hover.place : 'inside';
            dragging.current = null;
            setHover(null);
            if (from !== null && from !== id) onDrop(from, id, place);
          },
          onDragEnd: () => {
            dragging.current = null;
            setHover(null);
          },
        };
      }
    : () => ({});

  const template = (node: TreeNode) => {
    const n = node.data as CatalogNode | null;
    const place = hover && hover.id === (n?.id ?? ROOT_ID) ? ` is-drop-${hover.place}` : '';
    return (
      <span className={`catalog-tree-node${place}`} data-catalog-id={n?.id ?? ROOT_ID} {...drag(n)}>
        <i className={`pi ${n ? (n.props.catalogType === 'link' ? 'pi-link' : 'pi-folder') : 'pi-globe'}`} aria-hidden="true" />
        <span className="catalog-tree-label">{node.label}</span>
        {n && n.props.visibleFlag === 'N' ? <i className="pi pi-eye-slash catalog-tree-mark" title={t('tree.hidden')} aria-label={t('tree.hidden')} /> : null}
      </span>
    );
  };

  return (
    <div className="catalog-tree" data-testid={testId}>
      <span className="catalog-tree-filter">
        <i className="pi pi-search" aria-hidden="true" />
        <InputText value={query} placeholder={t('tree.filter')} aria-label={t('tree.filter')} onChange={(e) => setQuery(e.target.value)} />
      </span>
      {failed ? (
        <p className="catalog-tree-note">{t('tree.failed')}</p>
      ) : !reply ? (
        <div className="catalog-tree-loading" aria-busy="true">
          <SkeletonBar width="80%" className="mb-2" />
          <SkeletonBar width="60%" className="mb-2" />
          <SkeletonBar width="70%" />
        </div>
      ) : (
        <>
          <Tree
            value={nodes}
            expandedKeys={open}
            onToggle={(e) => onToggle(e.value)}
            selectionMode={many ? 'multiple' : 'single'}
            metaKeySelection={false}
            selectionKeys={selectionKeys}
            // A click on the chosen catalog keeps it chosen (PrimeReact would unselect it).
            onSelect={(e) => onSelect(Number(e.node.key), (e.node.data as CatalogNode | null) ?? null)}
            onUnselect={(e) => many && onSelect(Number(e.node.key), (e.node.data as CatalogNode | null) ?? null)}
            nodeTemplate={template}
            className="catalog-tree-tree"
          />
          {filtering && filtered && !filtered.count ? <p className="catalog-tree-note">{t('tree.noMatch')}</p> : null}
          {!filtering && !reply.rows.length ? <p className="catalog-tree-note">{t('tree.empty')}</p> : null}
        </>
      )}
    </div>
  );
}
