import { and, count, eq, ne } from 'drizzle-orm';
import { failAt } from '../../../core/errors.ts';
import type { SiteOp } from '../../../core/operation.ts';
import type { ResourceOperations } from '../../../core/resource.ts';
import { cmsHotWord, cmsTagWord } from './schema.ts';

type Row = Record<string, unknown>;

/**
 * What a word of a group (a tag word, a hot word) checks before it is stored: its group is one the
 * same rules let the user read (another site's group is as good as none), and no other word of
 * that group is the same word (the message names the field and the word).
 */
export function groupedWordChecks(groups: ResourceOperations, table: typeof cmsTagWord | typeof cmsHotWord, resource: string) {
  return async (op: SiteOp, values: Row, mode: 'create' | 'update', existing?: Row) => {
    if (values.groupId !== undefined) {
      await groups.get(op, values.groupId as number).catch(() => {
        throw failAt('groupId', 'resource.notFound');
      });
    }
    const groupId = (values.groupId ?? existing?.groupId) as number;
    const word = (values.word ?? existing?.word) as string;
    const others = mode === 'update' ? ne(table.wordId, existing!.wordId as number) : undefined;
    const [hit] = await op.tx.select({ n: count() }).from(table).where(and(eq(table.groupId, groupId), eq(table.word, word), others));
    if (Number(hit?.n)) throw failAt('word', 'cms.word.duplicate', { field: op.services.i18n.fieldLabel(op.locale, 'word', resource), value: word });
  };
}
