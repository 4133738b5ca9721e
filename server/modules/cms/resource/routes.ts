import { z } from 'zod';
import { defineRoute, RAW, type AnyRoute } from '../../../core/route.ts';
import { readOf } from '../../../core/operation.ts';
import { routesOf, rowReplyOf } from '../../../core/resource-routes.ts';
import { resourceResource } from '../../../../shared/resources/cms/resource.ts';
import { resourceForDownload, resources, uploadResource, uploadRules } from './operations.ts';
import { mediaFactsOf } from './media.ts';
import { fromRequest } from './receive.ts';
import { editsSite } from '../site/current.ts';
import { imageEditSchema, posterSchema } from '../../../../shared/cms/image-edit.ts';
import { onResources } from './needs.ts';
import { previewImageEdit, saveImageEdit } from './image-tools.ts';
import { takePoster } from './poster.ts';

const API = resourceResource.api;
const idParams = z.object({ id: z.string().regex(/^\d{1,15}$/).transform(Number) });
/** Upload and delete need the resource menu's keys (and Site Edit, checked by the operations). */
const ADD = 'cms:resource:add';
/** The image tools and the poster frame change a stored resource: the menu's edit key, Edit on its site. */
const EDIT = resourceResource.perms.edit!;
const editedResource = onResources('body.resourceId');
/** A library row as the list and detail answer it (with `src` and `thumbSrc`). */
const resourceRow = rowReplyOf(resources);
/** media.ts MediaFacts: what the file says about itself, null where it says nothing. */
const mediaFactsReply = z.object({
  format: z.string().nullable(), duration: z.int().nullable(), bitRate: z.int().nullable(), samplingRate: z.int().nullable(),
  channels: z.int().nullable(), width: z.int().nullable(), height: z.int().nullable(), frameRate: z.int().nullable(),
});

// The generic list, detail, rename and delete, plus ChestnutCMS's upload, download and types.
// Static paths (/types) are matched before /:id by the router.
export const resourceRoutes: AnyRoute[] = [
  ...routesOf(resources),
  defineRoute({
    method: 'GET',
    url: `${API}/types`,
    perm: resourceResource.perms.view,
    site: true,
    // Each type with its name and what an upload of it may be (uploadLimitsOf).
    reply: z.array(z.looseObject({ id: z.string(), name: z.string() })),
    handler: (ctx) => uploadRules(readOf(ctx)),
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/upload`,
    perm: ADD,
    site: true,
    grants: [editsSite],
    labels: resourceResource.name,
    log: { title: resourceResource.title, type: 'ADD' },
    // A read context: the operation writes the row in a transaction of its own once the file is in.
    reply: resourceRow,
    handler: (ctx) => uploadResource(readOf(ctx), fromRequest(ctx.req)),
  }),
  defineRoute({
    method: 'GET',
    url: `${API}/media/:id`,
    perm: resourceResource.perms.view,
    site: true,
    params: idParams,
    // The content editors fill an audio or video item's format, duration, rates… from the file.
    reply: mediaFactsReply,
    handler: (ctx) => mediaFactsOf(readOf(ctx), ctx.params.id),
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/image/preview`,
    perm: EDIT,
    site: true,
    body: imageEditSchema,
    grants: [editsSite, editedResource],
    labels: 'imageEdit',
    allowRepeat: true,
    // Nothing is written: the image as the edit would make it, for the dialog to show before Save.
    log: false,
    produces: 'image/*',
    handler: async (ctx) => {
      const { body, type } = await previewImageEdit(readOf(ctx), ctx.held.row(editedResource), ctx.body);
      await ctx.reply.header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'no-store').type(type).send(body);
      return RAW;
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/image/save`,
    perm: EDIT,
    site: true,
    body: imageEditSchema,
    grants: [editsSite, editedResource],
    labels: 'imageEdit',
    log: { title: resourceResource.title, type: 'UPDATE' },
    // A read context: the image is worked outside any transaction; the row's update is one of its own.
    reply: resourceRow,
    handler: (ctx) => saveImageEdit(readOf(ctx), ctx.held.row(editedResource), ctx.body),
  }),
  defineRoute({
    method: 'POST',
    url: `${API}/poster`,
    perm: EDIT,
    site: true,
    body: posterSchema,
    grants: [editsSite, editedResource],
    labels: 'imageEdit',
    log: { title: resourceResource.title, type: 'ADD' },
    // The new image, and the video now naming it as its poster.
    reply: z.object({ poster: resourceRow, video: resourceRow }),
    handler: (ctx) => takePoster(readOf(ctx), ctx.held.row(editedResource), ctx.body.second),
  }),
  defineRoute({
    method: 'GET',
    url: `${API}/download/:id`,
    perm: resourceResource.perms.view,
    site: true,
    params: idParams,
    produces: 'application/octet-stream',
    handler: async (ctx) => {
      const { row, stream } = await resourceForDownload(readOf(ctx), ctx.params.id);
      const name = encodeURIComponent(row.fileName);
      // Always an attachment of an opaque type: a download never renders in the console's origin.
      await ctx.reply
        .header('download-filename', name)
        .header('Access-Control-Expose-Headers', 'download-filename')
        .header('Content-Disposition', `attachment; filename*=UTF-8''${name}`)
        .header('X-Content-Type-Options', 'nosniff')
        .type('application/octet-stream')
        .send(stream);
      return RAW;
    },
  }),
];
