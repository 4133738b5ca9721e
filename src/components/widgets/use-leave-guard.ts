import { useEffect, useRef } from 'react';
import type { TransitionBeforePreparationEvent } from 'astro:transitions/client';
import { askToConfirm } from '../form/confirm.ts';

/** Thrown by a page change the user chose not to make: the page stays (nothing to report). */
class StayOnPage extends Error {
  constructor() {
    super('stay on page');
    this.name = 'StayOnPage';
  }
}
if (typeof window !== 'undefined') {
  addEventListener('unhandledrejection', (e) => {
    if (e.reason instanceof StayOnPage) e.preventDefault();
  });
}

/**
 * While `dirty`, leaving the page asks first (spec §8 "closing an unsaved editor"): a change of
 * console page by the shell's client router asks with `question` and stays when refused; closing
 * or reloading the browser tab gets the browser's own question. Going back or forward in the
 * browser's history is not held (the address has already changed by then).
 */
export function useLeaveGuard(dirty: boolean, question: () => string): void {
  const ask = useRef(question);
  ask.current = question;
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    const onNavigate = (e: Event) => {
      const event = e as TransitionBeforePreparationEvent;
      if (event.navigationType === 'traverse') return;
      const load = event.loader;
      event.loader = async () => {
        if (!(await askToConfirm(ask.current()))) throw new StayOnPage();
        // The next page's own load (and no second question from its unload).
        removeEventListener('beforeunload', onUnload);
        await load();
      };
    };
    addEventListener('beforeunload', onUnload);
    document.addEventListener('astro:before-preparation', onNavigate);
    return () => {
      removeEventListener('beforeunload', onUnload);
      document.removeEventListener('astro:before-preparation', onNavigate);
    };
  }, [dirty]);
}
