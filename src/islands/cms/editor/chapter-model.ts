import { ContentStatus } from '../../../../shared/cms/content.ts';
import { CHAPTER_ACTIONS } from '../../../../shared/resources/cms/chapter.ts';

export type ChapterAction = (typeof CHAPTER_ACTIONS)[number];

/** How a chapter stands for a reader: the choice its status and date amount to (spec §4 Book chapter). */
export function actionOf(status: string): ChapterAction {
  if (status === ContentStatus.PUBLISHED) return 'publish';
  if (status === ContentStatus.TO_PUBLISH) return 'schedule';
  if (status === ContentStatus.OFFLINE) return 'offline';
  return 'draft';
}

/** Moves the item at `from` to `to` (a drag, or one step with the arrow buttons). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
