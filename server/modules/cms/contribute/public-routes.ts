import { z } from 'zod';
import { publicRoute } from '../public-api/route.ts';
import { noData } from '../../../core/route.ts';
import { selectedRow } from '../../../core/row-schema.ts';
import { cmsContent } from '../content/schema.ts';
import { cmsCatalog } from '../catalog/schema.ts';
import { cmsResource } from '../resource/schema.ts';
import { fromRequest } from '../resource/receive.ts';
import { contribute, contributionBody, deleteContribution, myContributions, publishedContributions } from './operations.ts';
import { CONTRIBUTION_UPLOAD_BODY, uploadContributionImage } from './upload.ts';

const cidQuery = z.object({ cid: z.string().regex(/^\d{1,15}$/).transform(Number) });
const pageQuery = z.object({ pageNum: z.string().max(10).optional(), pageSize: z.string().max(10).optional() });
const slice = z.object({ limit: z.coerce.number().int().min(1).max(50).optional(), offset: z.coerce.number().int().min(0).max(100_000).optional() });
/** A contribution as its lists show it (operations.ts LISTED): times as text, publishDate null until published. */
const contributionRow = selectedRow({
  contentId: cmsContent.contentId, catalogId: cmsContent.catalogId, catalogName: cmsCatalog.name, title: cmsContent.title, summary: cmsContent.summary, status: cmsContent.status,
}).extend({ createTime: z.string(), publishDate: z.string().nullable() });
/** An uploaded image: its address for the body (`src`), as the library stored it. */
const uploadedImageReply = selectedRow({ resourceId: cmsResource.resourceId, fileName: cmsResource.fileName, width: cmsResource.width, height: cmsResource.height }).extend({ src: z.string() });
const MEMBER_WRITES = [{ name: 'contributePerMember', per: 'member' }] as const;

/**
 * Members' contributions (ChestnutCMS MemberContributeApiController, docs/public-api.md): submit an
 * article to a catalog accepting contributions, upload its images, list and delete one's own
 * drafts; anyone may list a member's published ones.
 */
export const CONTRIBUTE_PUBLIC_ROUTES = [
  publicRoute({
    method: 'POST', url: '/api/account/contribute', member: 'required',
    limits: MEMBER_WRITES, body: contributionBody, fields: 'content', bodyLimit: 256 * 1024,
    reply: z.object({ contentId: z.int() }),
    handler: ({ services, site, member, body }) => contribute(services, site!, member!, body),
  }),
  publicRoute({
    method: 'POST', url: '/api/account/contribute/delete', member: 'required',
    limits: MEMBER_WRITES, query: cidQuery,
    reply: noData,
    handler: ({ services, site, member, query }) => deleteContribution(services, site!, member!, query.cid),
  }),
  publicRoute({
    method: 'POST', url: '/api/account/contribute/upload_image', member: 'required',
    limits: [{ name: 'uploadPerMember', per: 'member' }], multipart: true, bodyLimit: CONTRIBUTION_UPLOAD_BODY,
    reply: uploadedImageReply,
    handler: ({ services, site, member, req }) => uploadContributionImage(services, site!, member!, fromRequest(req)),
  }),
  publicRoute({
    method: 'GET', url: '/api/account/contribute', member: 'required', query: pageQuery,
    reply: z.object({ rows: z.array(contributionRow) }),
    handler: ({ services, site, member, query }) => myContributions(services.db, site!, member!, query),
  }),
  publicRoute({
    method: 'GET', url: '/api/account/contribute/:memberId', query: slice,
    reply: z.array(contributionRow),
    handler: ({ services, site, params, query }) => publishedContributions(services.db, site!, Number(params.memberId) || 0, query),
  }),
];
