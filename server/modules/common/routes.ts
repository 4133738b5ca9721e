import { z } from 'zod';
import { defineRoute, RAW, type ServerModule } from '../../core/route.ts';
import { API_PREFIX } from '../../../shared/constants.ts';
import { uploadFile } from './upload.ts';
import { sendDownload } from './download.ts';
import { servePublicFiles } from './public-files.ts';
import { uploadRoot } from './storage.ts';

// Files any signed-in user may send or fetch (spec §7: /common/upload, /common/download), and the
// public read-only view of what was uploaded (/profile/upload/**).
export const commonModule: ServerModule = {
  name: 'common',
  routes: [
    defineRoute({
      method: 'POST',
      url: '/common/upload',
      perm: 'login',
      limits: [{ name: 'uploadPerUser', per: 'user' }],
      log: { title: 'oplog.upload', type: 'OTHER' },
      reply: z.object({ fileName: z.string(), url: z.string(), originalFilename: z.string() }),
      handler: ({ services, actor, req }) => uploadFile(services, actor, req),
    }),
    defineRoute({
      method: 'GET',
      url: '/common/download',
      perm: 'login',
      query: z.object({ path: z.string().default('') }),
      produces: 'application/octet-stream',
      handler: async ({ services, query, reply }) => {
        await sendDownload(reply, uploadRoot(services.config.dataDir), query.path);
        return RAW;
      },
    }),
  ],
  start(app, services) {
    servePublicFiles(app, services.config.dataDir, API_PREFIX, services);
  },
};
