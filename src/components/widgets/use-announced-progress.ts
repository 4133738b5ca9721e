import { useEffect, useRef } from 'react';
import { progressNews, type ProgressNews, type ProgressState } from '../../lib/a11y/progress.ts';
import { announce } from '../../stores/announcer.ts';

/**
 * Says a long task's progress to screen readers as a screen shows it (issue 28 item 4): each
 * quarter passed and its end, in the words `say` gives (lib/a11y/progress.ts decides when), never
 * what it stood at when first shown. `state` null: not shown (a closed view), which starts over.
 */
export function useAnnouncedProgress(state: ProgressState | null, say: (news: NonNullable<ProgressNews>) => string): void {
  const last = useRef<ProgressState | undefined>(undefined);
  const words = useRef(say);
  words.current = say;
  const percent = state?.percent;
  const finished = state?.finished;
  useEffect(() => {
    if (percent === undefined || finished === undefined) {
      last.current = undefined;
      return;
    }
    const now = { percent, finished };
    const news = progressNews(last.current, now);
    last.current = now;
    if (news) announce(words.current(news));
  }, [percent, finished]);
}
