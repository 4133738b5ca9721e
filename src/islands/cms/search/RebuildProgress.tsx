import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n/react.ts';
import searchNs from '../../../lib/i18n/ns/search.ts';
import { rebuildState, type RebuildState } from './search-api.ts';

const POLL_MS = 1000;

/**
 * The site's index rebuild while it runs (GET /cms/search/rebuild, polled): a progress bar named for
 * screen readers. Polls from the start (a rebuild begun elsewhere, or before a reload, shows too)
 * and again when `started` moves; calls `onDone` when a rebuild it saw, or started, is over.
 */
export function RebuildProgress({ started, onDone }: { started: number; onDone(): void }) {
  const t = useT(searchNs);
  const [state, setState] = useState<RebuildState | null>(null);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A rebuild just started counts as seen: one quick enough to be over before the first poll still ends in onDone.
    let seen = started > 0;
    const poll = async () => {
      const s = await rebuildState().catch(() => null);
      if (!live) return;
      setState(s);
      if (s) {
        seen = true;
        timer = setTimeout(() => void poll(), POLL_MS);
      } else if (seen) {
        seen = false;
        done.current();
      }
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [started]);
  if (!state) return null;
  const text = t('index.progress', { done: state.done, total: state.total });
  return (
    <div className="search-rebuild" data-testid="search-rebuild-progress">
      <progress max={Math.max(state.total, 1)} value={state.done} aria-label={t('index.progressLabel')} aria-valuetext={text} />
      <span aria-live="polite">{text}</span>
    </div>
  );
}
