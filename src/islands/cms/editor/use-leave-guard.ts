import { useEffect, useRef } from 'react';
import { guardLeave } from '../../../lib/routes/leave-guard.ts';

/**
 * While `dirty`, leaving asks first: in the shell through the leave guards (tab close, links,
 * go()), `ask` showing the question; for a reload, a typed address or a closed browser tab
 * through `beforeunload` (the browser's own question).
 */
export function useLeaveGuard(dirty: boolean, ask: () => Promise<boolean>): void {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const askRef = useRef(ask);
  askRef.current = ask;
  useEffect(() => {
    const off = guardLeave({ dirty: () => dirtyRef.current, ask: () => askRef.current() });
    const onUnload = (e: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    addEventListener('beforeunload', onUnload);
    return () => {
      off();
      removeEventListener('beforeunload', onUnload);
    };
  }, []);
}
