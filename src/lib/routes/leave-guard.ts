/**
 * Pages with unsaved work (the content editor) guard against being left (spec §8 "closing an
 * unsaved editor" asks first). A guard says whether there is anything to lose and asks the user;
 * the shell consults the guards before it closes a tab or navigates: `go()`, the tab bar, and
 * every same-origin link click (caught before Astro's router sees it). A full page load (reload,
 * typed address, closing the browser tab) is the page's own `beforeunload` business.
 */
export interface LeaveGuard {
  /** true while leaving would lose something */
  dirty(): boolean;
  /** asks the user; true = leave anyway */
  ask(): Promise<boolean>;
}

const guards = new Set<LeaveGuard>();
let asking: Promise<boolean> | null = null;

/** Registers a guard until the returned function is called (on unmount). */
export function guardLeave(guard: LeaveGuard): () => void {
  guards.add(guard);
  installLinkCatcher();
  return () => guards.delete(guard);
}

/**
 * Resolves true when the page may be left: nothing is dirty, or the user agreed; after an
 * agreement the guards are dropped, so the navigation that follows is not asked about again.
 * Concurrent callers share one question.
 */
export function confirmLeave(): Promise<boolean> {
  const dirty = [...guards].filter((g) => g.dirty());
  if (!dirty.length) return Promise.resolve(true);
  asking ??= (async () => {
    for (const g of dirty) if (!(await g.ask())) return false;
    for (const g of dirty) guards.delete(g);
    return true;
  })().finally(() => {
    asking = null;
  });
  return asking;
}

export const hasDirtyGuard = () => [...guards].some((g) => g.dirty());

let catcher = false;
/** Same-origin link clicks that would leave the page: asked about first, then followed. */
function installLinkCatcher() {
  if (catcher || typeof document === 'undefined') return;
  catcher = true;
  document.addEventListener(
    'click',
    (e) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      const to = new URL(a.href, location.href);
      if (to.origin !== location.origin || (to.pathname === location.pathname && to.search === location.search)) return;
      if (!hasDirtyGuard()) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      void confirmLeave().then(async (ok) => {
        if (!ok) return;
        const { navigate } = await import('astro:transitions/client');
        await navigate(to.href);
      });
    },
    true,
  );
}
