import { z } from 'zod';
import { pageOf, selectedRow } from '../../core/row-schema.ts';
import { cmsContent } from '../cms/index.ts';
import { wfCatalogBinding, wfHistory, wfModel, wfModelVersion, wfTask } from './schema.ts';

/** The replies of the workflow's routes (RouteSpec `reply`: the OpenAPI document and the tests' reply check). */

export const draftReply = z.object({ modelId: z.int(), xml: z.string() });

export const versionsReply = z.array(selectedRow({ versionId: wfModelVersion.versionId, version: wfModelVersion.version, deployBy: wfModelVersion.deployBy }).extend({ deployTime: z.string() }));

export const deployedReply = z.object({ version: z.int() });

/** A deployed model one may bind, by name. */
const bindable = selectedRow({ modelId: wfModel.modelId, name: wfModel.name, status: wfModel.status });

export const bindingsReply = z.object({
  siteModelId: z.int().nullable(),
  catalogs: z.array(selectedRow({ catalogId: wfCatalogBinding.catalogId, modelId: wfCatalogBinding.modelId })),
  models: z.array(bindable),
});

export const catalogBindingReply = z.object({ modelId: z.int().nullable(), siteModelId: z.int().nullable(), models: z.array(bindable) });

/** A review task with its content (reviews.ts `columns`; the catalog by a left join). */
export const taskPageReply = pageOf(
  selectedRow({
    taskId: wfTask.taskId, contentId: wfTask.contentId, title: cmsContent.title, contentType: cmsContent.contentType, catalogId: cmsContent.catalogId,
    step: wfTask.step, submitter: wfTask.submitter, status: wfTask.status, comment: wfTask.comment,
  }).extend({ catalogName: z.string().nullable(), createTime: z.string(), endTime: z.string().nullable() }),
);

export const historyReply = z.array(selectedRow({ action: wfHistory.action, step: wfHistory.step, userName: wfHistory.userName, comment: wfHistory.comment }).extend({ time: z.string() }));
