import { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import { defineRoute, type AnyRoute } from '../../../core/route.ts';
import { failAt } from '../../../core/errors.ts';
import { writeOf, type SiteOp } from '../../../core/operation.ts';
import type { ResourceOperations } from '../../../core/resource.ts';
import { id as idSchema } from '../../../../shared/validators/common.ts';
import { v } from '../../../../shared/validators/issues.ts';
import { tagWordResource } from '../../../../shared/resources/cms/tag-word.ts';
import { editsSite } from '../site/current.ts';
import { cmsTagWord } from './schema.ts';

/** At most this many words in one batch (a pasted list, not an import). */
const MAX_WORDS = 1000;

/** ChestnutCMS sends the words as a list; a textarea's lines are as good. */
const wordsInput = z.preprocess(
  (w) => (typeof w === 'string' ? w.split(/\r?\n/) : w),
  z.array(z.string().trim().max(100, v('tooLong'))).max(MAX_WORDS, v('tooMany', { max: MAX_WORDS })),
);

/**
 * POST /word/tagword/batchAdd `{ groupId, words }`: many tag words into one group at once. Blank
 * lines and repeats within the list are dropped; words the group already has are reported, not
 * doubled. Replies `{ added: [...], skipped: [...] }`.
 */
export function batchAddRoute(groups: ResourceOperations): AnyRoute {
  return defineRoute({
    method: 'POST',
    url: `${tagWordResource.api}/batchAdd`,
    perm: tagWordResource.perms.add!,
    site: true,
    grants: [editsSite],
    labels: tagWordResource.name,
    body: z.object({ groupId: idSchema(), words: wordsInput }),
    log: { title: tagWordResource.title, type: 'ADD' },
    reply: z.object({ added: z.array(z.string()), skipped: z.array(z.string()).describe('words the group already has') }),
    handler: (ctx) => writeOf(ctx, async (op) => {
      const siteOp = op as SiteOp;
      await groups.get(siteOp, ctx.body.groupId).catch(() => {
        throw failAt('groupId', 'resource.notFound');
      });
      const words = [...new Set(ctx.body.words.filter(Boolean))];
      if (!words.length) throw failAt('words', 'cms.word.batchEmpty');
      const have = new Set((await siteOp.tx.select({ word: cmsTagWord.word }).from(cmsTagWord)
        .where(and(eq(cmsTagWord.groupId, ctx.body.groupId), inArray(cmsTagWord.word, words)))).map((r) => r.word));
      const added = words.filter((w) => !have.has(w));
      if (added.length) {
        await siteOp.tx.insert(cmsTagWord).values(added.map((word) => ({
          siteId: siteOp.site.siteId, groupId: ctx.body.groupId, word, createBy: op.actor.userName, createTime: new Date(),
        })));
      }
      return { added, skipped: words.filter((w) => have.has(w)) };
    }),
  });
}
