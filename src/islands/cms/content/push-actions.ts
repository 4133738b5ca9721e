import type { MenuItem } from 'primereact/menuitem';
import { http } from '../../../lib/request.ts';
import { message } from '../../../stores/notify.ts';

/**
 * The content list's "Push to Baidu" and "Refresh CDN" of the selected contents (in "More"):
 * each queues requests the push dispatcher sends and logs, as after a publish (server
 * cms/cdn/routes.ts). Both need Publish on the contents, as the server checks; a target the site
 * has not switched on comes back as the server's message, which the request layer shows.
 */
export const PUSH_PERM = 'cms:content:publish';

type Queued = { queued: number };

const pushToBaidu = async (ids: number[]) => (await http.post<Queued>('/cms/seo/baidu_push', ids)).data?.queued ?? 0;

/** ChestnutCMS's refresh takes one content at a time. */
async function refreshCdn(ids: number[]) {
  let queued = 0;
  for (const contentId of ids) queued += (await http.post<Queued>('/cms/cdn/refresh/content', { contentId })).data?.queued ?? 0;
  return queued;
}

interface Options {
  ids: number[];
  /** the user holds PUSH_PERM */
  allowed: boolean;
  busy: boolean;
  setBusy(busy: boolean): void;
  t(key: 'actions.baiduPush' | 'actions.cdnRefresh' | 'done.baiduPush' | 'done.cdnRefresh', params?: Record<string, unknown>): string;
}

export function pushMenuItems({ ids, allowed, busy, setBusy, t }: Options): MenuItem[] {
  if (!allowed) return [];
  const run = (send: (ids: number[]) => Promise<number>, done: 'done.baiduPush' | 'done.cdnRefresh') => async () => {
    setBusy(true);
    try {
      message.success(t(done, { count: await send(ids) }));
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return [
    { separator: true },
    { label: t('actions.baiduPush'), icon: 'pi pi-megaphone', disabled: busy || !ids.length, command: run(pushToBaidu, 'done.baiduPush'), data: { testid: 'content-baidu-push' } },
    { label: t('actions.cdnRefresh'), icon: 'pi pi-refresh', disabled: busy || !ids.length, command: run(refreshCdn, 'done.cdnRefresh'), data: { testid: 'content-cdn-refresh' } },
  ];
}
