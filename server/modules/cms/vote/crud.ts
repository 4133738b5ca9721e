import { z } from 'zod';
import { resourceOperations, type ResourceHooks } from '../../../core/resource.ts';
import { routesOf } from '../../../core/resource-routes.ts';
import { chestnutAliases } from '../../../core/chestnut-aliases.ts';
import { defineRoute, type AnyRoute } from '../../../core/route.ts';
import { readOf, type SiteOp, type SiteRef } from '../../../core/operation.ts';
import { fail, failAt } from '../../../core/errors.ts';
import type { ResourceDef } from '../../../../shared/resources/define.ts';
import { voteResource } from '../../../../shared/resources/cms/vote.ts';
import { voteSubjectResource } from '../../../../shared/resources/cms/vote-subject.ts';
import { id } from '../../../../shared/validators/common.ts';
import { editsSite } from '../site/current.ts';
import { cmsVote, cmsVoteSubject } from './schema.ts';
import { itemLinesOf, itemsBySubject, saveItems } from './items.ts';
import { resultsOf, voteResultReply } from './results.ts';
import type { VoteRow } from './form.ts';

/** Our routes of a resource and ChestnutCMS's paths for them. */
const mounted = (def: ResourceDef, routes: AnyRoute[]) => [...routes, ...chestnutAliases(routes, def)];

/** A site's votes are part of the site: changing them needs Edit on it, reading them View. */
const writesNeedSiteEdit: ResourceHooks<SiteRef>['access'] = { create: editsSite, update: editsSite, remove: editsSite };

/** Votes, confined to the current site; a vote's subjects, options and submissions go with it. */
export const votes = resourceOperations<SiteRef>(voteResource, cmsVote, { siteColumn: 'siteId', access: writesNeedSiteEdit });

type Row = Record<string, unknown>;

/**
 * A subject joins a vote the same rules let the user read (another site's vote id is as good as
 * none) and stays with it; its options are its "one per line" text, kept as item rows (items.ts).
 */
export const subjects = resourceOperations<SiteRef>(voteSubjectResource, cmsVoteSubject, {
  siteColumn: 'siteId',
  access: writesNeedSiteEdit,
  async beforeSave(op: SiteOp, values: Row, mode) {
    if (mode === 'update') {
      delete values.voteId;
      return;
    }
    await votes.get(op, values.voteId as number).catch(() => {
      throw failAt('voteId', 'resource.notFound');
    });
  },
  async afterSave(op: SiteOp, row: Row, body: Row, mode) {
    const subject = { subjectId: row.subjectId as number, voteId: row.voteId as number, siteId: row.siteId as number, type: row.type as string };
    // An edit that leaves the options out (a sort change) keeps them, unless it makes a text input
    // of the subject (its options go); a choice subject is never left without options.
    if (mode === 'update' && body.itemLines === undefined) {
      const kept = (await itemsBySubject(op.tx, [subject.subjectId])).get(subject.subjectId) ?? [];
      if (subject.type === 'input' || !kept.length) await saveItems(op.tx, subject, []);
      return;
    }
    await saveItems(op.tx, subject, itemLinesOf(body.itemLines as string | undefined));
  },
  async presentRows(rows: Row[], op: SiteOp) {
    const items = await itemsBySubject(op.tx, rows.map((r) => r.subjectId as number));
    return rows.map((r) => ({ ...r, itemLines: (items.get(r.subjectId as number) ?? []).map((i) => i.content).join('\n') }));
  },
});

/**
 * `GET /vote/result/:voteId`: the current site's vote's results for the console, each option's
 * count and share, and the text answers (newest 200 per subject). Another site's vote is none.
 */
const resultRoute = defineRoute({
  method: 'GET', url: '/vote/result/:voteId', perm: voteResource.perms.view, site: true,
  params: z.object({ voteId: id() }),
  reply: voteResultReply,
  handler: async (ctx) => {
    const op = readOf(ctx);
    const vote = await votes.get(op, ctx.params.voteId).catch(() => {
      throw fail('vote.notFound');
    });
    return resultsOf(op.tx, vote as Pick<VoteRow, 'voteId' | 'title' | 'total'>, { texts: true });
  },
});

export const routes: AnyRoute[] = [
  ...mounted(voteResource, routesOf(votes)),
  ...mounted(voteSubjectResource, routesOf(subjects)),
  resultRoute,
];
