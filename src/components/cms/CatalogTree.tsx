import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type MouseEvent, type SyntheticEvent } from 'react';
import { Tree, type TreeExpandedKeysType } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { InputText } from 'primereact/inputtext';
import type { MenuItem } from 'primereact/menuitem';
import { PopupMenu, type PopupMenuHandle } from '../widgets/PopupMenu.tsx';
import { SkeletonBar } from '../widgets/SkeletonBar.tsx';
import { useT } from '../../lib/i18n/react.ts';
import catalogNs from '../../lib/i18n/ns/catalog.ts';
import { $currentSite } from '../../stores/site.ts';
import { loadPreferences } from '../../stores/preferences.ts';
import { dropPlace, expandTo, filterTree, findNode, keyMoveDrop, pruneExpanded, ROOT_ID, siblingPlace, stillSelectable, toggleNode, type CatalogNode, type DropPlace, type Expanded, type ExpandMode, type KeyMove } from '../../lib/cms/catalog-tree.ts';
import { fetchTree, type CatalogTreeReply } from './catalog-api.ts';
import { recall, remember } from './catalog-memory.ts';
import { focusWhenLost, itemId, onTreeKeyDown, syncTabStop } from './catalog-tree-keys.ts';
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
  /**
   * lets catalogs be dragged onto, before or after others, or moved from the keyboard (Ctrl+Shift+
   * arrows, the node's menu) as the same drop; the screen asks the server and says whether it moved
   */
  onDrop?(dragId: number, targetId: number, place: DropPlace, by?: 'keyboard'): void | Promise<boolean>;
  /** "Move to…" in a node's menu: the screen's dialog choosing its new parent */
  onMoveTo?(id: number): void;
  /** changed to reload the tree (after an add, a move, a delete) */
  version?: number;
  onLoaded?(reply: CatalogTreeReply): void;
  /** remembers the chosen catalog and the open branches under this name for the browser tab */
  memory?: string;
  testId?: string;
  /** the tree drawn at once: the build's render of a screen for its pre-paint (islands/cms/content/prepaint/) */
  prebuilt?: CatalogTreeReply;
}

const ROOT_KEY = String(ROOT_ID);
/**
 * The keys' line under a movable tree (see catalog-tree.css); in the flow, never over a node (kept
 * at the bottom of a scrolling panel, it hid the focused node behind it).
 */
const KEYS_LOOK = {
  margin: 0,
  padding: '6px 8px',
  border: '1px solid #e4e7ed',
  borderRadius: 4,
  background: 'var(--app-surface-alt)',
  color: 'var(--app-text-regular)',
  fontSize: '0.75rem',
  lineHeight: 1.5,
} as const;

/**
 * The catalog tree of a site (spec §2, §9): filtered by name, alias or folder; branches open
 * freely or one per level (the user's "catalog tree expansion" preference); catalogs the user
 * may not open but that lead to ones they may are greyed; optionally the site as root, drag and
 * drop, and several chosen at once.
 */
export function CatalogTree({ siteId, showRoot, disableLink, selection, onSelect, onDrop, onMoveTo, version = 0, onLoaded, memory, testId, prebuilt }: Props) {
  const t = useT(catalogNs);
  const [reply, setReply] = useState<CatalogTreeReply | null>(prebuilt ?? null);
  const [failed, setFailed] = useState(false);
  // Busy: a move handed on and not yet answered by the tree read again, or the tree being read again
  // (after a move, say). A drop waits for the tree it is planned on. The first reading does not
  // count: it draws no drop target yet, and need not draw the tree twice more.
  const [reading, setReading] = useState(false);
  const readBefore = useRef(false);
  const [handedOn, setHandedOn] = useState<CatalogTreeReply | null>(null);
  const busy = reading || (handedOn !== null && handedOn === reply);
  const [mode, setMode] = useState<ExpandMode>('normal');
  const [expanded, setExpanded] = useState<Expanded>({});
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Expanded>({});
  const [hover, setHover] = useState<{ id: number; place: DropPlace } | null>(null);
  const dragging = useRef<number | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const menu = useRef<PopupMenuHandle>(null);
  const [menuFor, setMenuFor] = useState<number | null>(null);
  /** what the screen reader is told (a keyboard move done, or why it was not) */
  const [said, setSaid] = useState('');
  /** a catalog to give the focus back to once the tree is redrawn after its move, and what to say then */
  const pending = useRef<{ id: number; before: CatalogTreeReply | null; announce: boolean; keyboard: boolean } | null>(null);
  const hintId = useId();
  const memoryKey = siteId ?? $currentSite.get();
  // The site the tree is read for. A first visit reads it without one (none stored yet) and the
  // server answers with the user's current site's tree: that site becoming known (the navbar's
  // picker learns it) is no reason to read the tree again. A stored site the server replaces is.
  const siteAtStart = useRef(memoryKey);
  const readFor = siteId ?? (siteAtStart.current === '' ? '' : memoryKey);
  // The latest props for the load effect, which runs only when the tree itself must be read again.
  const latest = useRef({ selection, onSelect, onLoaded, memory, mode, memoryKey });
  latest.current = { selection, onSelect, onLoaded, memory, mode, memoryKey };

  useEffect(() => {
    void loadPreferences().then((p) => setMode(p.catalogTreeExpandMode === 'accordion' ? 'accordion' : 'normal'));
  }, []);

  useEffect(() => {
    let live = true;
    setFailed(false);
    if (readBefore.current) setReading(true);
    readBefore.current = true;
    fetchTree({ siteId, disableLink })
      .finally(() => live && setReading(false))
      .then((r) => {
        if (!live) return;
        setReply(r);
        const { selection: chosen, onSelect: select, onLoaded: loaded, memory: scope, mode: expandMode, memoryKey: site } = latest.current;
        const kept = scope ? recall(scope, site) : null;
        setExpanded((e) => {
          const base = pruneExpanded({ ...(kept?.expanded ?? {}), ...e }, r.rows);
          const target = typeof chosen === 'number' ? chosen : kept?.selected;
          const shown = typeof target === 'number' && target !== ROOT_ID ? expandTo(base, r.rows, target, expandMode) : base;
          // A catalog just moved: the way to where it went, drawn with the tree that shows it there.
          return pending.current ? expandTo(shown, r.rows, pending.current.id, expandMode) : shown;
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
  }, [siteId, disableLink, version, readFor, showRoot]);

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

  const say = (text: string) => {
    // Emptied first, so the same words twice are said twice.
    setSaid('');
    setTimeout(() => setSaid(text), 60);
  };

  /**
   * Hands a move on; busy until the tree is read again after it (a move the screen did not make, or
   * one of an `onDrop` that says nothing, reads nothing again: not busy after it).
   */
  const handOn = async (id: number, targetId: number, place: DropPlace, by?: 'keyboard') => {
    if (!onDrop || !reply) return false;
    setHandedOn(reply);
    const moved = await onDrop(id, targetId, place, by);
    if (moved !== true) setHandedOn(null);
    return moved;
  };

  /** A keyboard move (Ctrl+Shift+arrow or the node's menu): sent as the drop it stands for. */
  const keyMove = async (id: number, how: KeyMove) => {
    const n = reply && findNode(reply.rows, id);
    if (!reply || !n || !onDrop) return;
    // One move at a time: the next is planned on the tree the server sends back (the ref: two keys
    // within one render).
    if (busy || (pending.current?.keyboard && pending.current.before === reply)) return;
    const drop = keyMoveDrop(reply.rows, id, how);
    if (!drop) return say(t(`tree.cannot.${how}`, { name: n.label }));
    // Into the catalog above: open it, so the catalog is seen (and focused) where it went.
    if (how === 'in') {
      const opened = toggleNode(filtering ? found : expanded, reply.rows, drop.targetId, true, mode);
      if (filtering) setFound(opened);
      else setExpanded(opened);
    }
    pending.current = { id, before: reply, announce: true, keyboard: true };
    const moved = await handOn(id, drop.targetId, drop.place, 'keyboard');
    if (moved === false && pending.current?.id === id) pending.current.announce = false;
  };

  // After a move the tree is redrawn from the server (the way to the catalog opened with it): the
  // focus is given back to the catalog before the page is painted if its element was replaced, or
  // once a dialog that moved it has closed; its new place is said.
  useLayoutEffect(() => {
    const p = pending.current;
    if (!p || !reply || reply === p.before) return;
    pending.current = null;
    const n = findNode(reply.rows, p.id);
    if (!n) return;
    if (p.announce) {
      const { index, count } = siblingPlace(reply.rows, p.id);
      const parent = n.parentId === ROOT_ID ? reply.siteName : (findNode(reply.rows, n.parentId)?.label ?? '');
      say(t('tree.movedTo', { name: n.label, index: index + 1, count, parent }));
    }
    return focusWhenLost(() => root.current, p.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reply]);

  // One Tab stop for the tree, wherever PrimeReact left them; the keys of a movable tree told.
  useEffect(() => {
    if (!root.current) return;
    syncTabStop(root.current);
    if (onDrop) root.current.querySelector('[role=tree]')?.setAttribute('aria-describedby', hintId);
  });

  /** The node's menu: a right click, the context-menu key or Shift+F10 on it. */
  const openMenu = (e: MouseEvent<HTMLDivElement>) => {
    const li = e.target instanceof Element ? e.target.closest<HTMLElement>('li[role=treeitem]') : null;
    const id = li && itemId(li);
    if (!onDrop || !li || id === null || id === ROOT_ID) return;
    e.preventDefault();
    li.focus();
    setMenuFor(id);
    // Under the node's own line (the item holds its open branch too).
    const anchor = li.querySelector<HTMLElement>(':scope > .p-treenode-content') ?? li;
    menu.current?.toggle({ currentTarget: anchor } as unknown as SyntheticEvent<HTMLElement>);
  };
  const MOVE_ICONS: Record<KeyMove, string> = { up: 'pi pi-arrow-up', down: 'pi pi-arrow-down', out: 'pi pi-arrow-left', in: 'pi pi-arrow-right' };
  const menuModel: MenuItem[] =
    reply && menuFor !== null
      ? [
          ...(['up', 'down', 'out', 'in'] as const).map((how) => ({
            label: t(`tree.menu.${how}`),
            icon: MOVE_ICONS[how],
            disabled: !keyMoveDrop(reply.rows, menuFor, how),
            command: () => void keyMove(menuFor, how),
          })),
          ...(onMoveTo
            ? [{ separator: true }, {
                label: t('tree.menu.to'),
                icon: 'pi pi-arrows-alt',
                command: () => {
                  pending.current = { id: menuFor, before: reply, announce: false, keyboard: false };
                  onMoveTo(menuFor);
                },
              }]
            : []),
        ]
      : [];

  const drag = onDrop
    ? (n: CatalogNode | null) => {
        const id = n?.id ?? ROOT_ID;
        /** Where on this node the pointer is: before, inside or after it (the root: inside). */
        const placeAt = (e: DragEvent<HTMLElement>): DropPlace => {
          const box = e.currentTarget.getBoundingClientRect();
          return id === ROOT_ID ? 'inside' : dropPlace(e.clientY - box.top, box.height);
        };
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
            const place = placeAt(e);
            if (hover?.id !== id || hover.place !== place) setHover({ id, place });
          },
          onDragLeave: () => setHover((h) => (h?.id === id ? null : h)),
          onDrop: (e: DragEvent<HTMLElement>) => {
            e.preventDefault();
            const from = dragging.current;
            // Where the pointer is now, not the last dragover's state (a render behind on a busy machine).
            const place = placeAt(e);
            dragging.current = null;
            setHover(null);
            if (from !== null && from !== id && !busy) void handOn(from, id, place);
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
    <div
      className="catalog-tree"
      aria-busy={busy || undefined}
      data-testid={testId}
      ref={root}
      onKeyDownCapture={(e) => root.current && onTreeKeyDown(e, root.current, onDrop ? (id, how) => void keyMove(id, how) : undefined)}
      onFocus={() => root.current && syncTabStop(root.current)}
      onContextMenu={openMenu}
    >
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
            ariaLabel={t('tree.label')}
          />
          {onDrop ? (
            <p className="catalog-tree-keys" id={hintId} style={KEYS_LOOK}>
              {t('tree.keys')}
            </p>
          ) : null}
          {filtering && filtered && !filtered.count ? <p className="catalog-tree-note">{t('tree.noMatch')}</p> : null}
          {!filtering && !reply.rows.length ? <p className="catalog-tree-note">{t('tree.empty')}</p> : null}
        </>
      )}
      {onDrop ? (
        <>
          <p className="visually-hidden" role="status" data-testid={testId ? `${testId}-said` : undefined}>
            {said}
          </p>
          <PopupMenu model={menuModel} ref={menu} className="catalog-tree-menu" id={`${hintId}-menu`} style={{ width: 'max-content', minWidth: '12.5rem', maxWidth: '20rem' }} />
        </>
      ) : null}
    </div>
  );
}
