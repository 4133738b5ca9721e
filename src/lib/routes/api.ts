import { request } from '../request.ts';
import type { ServerRoute } from './types.ts';

/** GET /getRouters: the user's menu and route tree (spec §2, §7). */
export async function fetchRouters(): Promise<ServerRoute[]> {
  const res = await request<ServerRoute[]>({ url: '/getRouters' });
  return Array.isArray(res.data) ? res.data : [];
}
