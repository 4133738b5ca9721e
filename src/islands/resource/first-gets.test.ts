import { describe, expect, it } from 'vitest';
import { firstGets } from './first-gets.ts';
import { loadScreen } from './registry.ts';
import { listParams } from '../../lib/resources/client.ts';
import { toQueryString } from '../../lib/request.ts';
import { initialPage } from './use-resource-list.ts';

// A page's first calls must be the very URLs its island asks for as it mounts, or the early answers
// are never taken and the page pays for both.
describe('a resource page\'s first calls', () => {
  it('are the list the screen asks for first and the dictionaries of its columns and filters', async () => {
    const post = await loadScreen('post');
    const mounted = `${post.def.api}/list?${toQueryString(listParams(post.def, {}, initialPage(post.def, false), null))}`;
    expect(firstGets(post)).toEqual([mounted, '/system/dict/data/type/EnableOrDisable']);
    expect(mounted).toBe('/system/post/list?pageNum=1&pageSize=20');
  });

  it('ask for a tree screen\'s whole list', async () => {
    const [list] = firstGets(await loadScreen('menu'));
    expect(list).toBe('/system/menu/list?pageNum=1&pageSize=10000');
  });

  it('are none when the screen\'s context fixes its filters', async () => {
    const { def } = await loadScreen('post');
    // e.g. a job's log opened from its row (?jobId=…): the build cannot know the list it starts with.
    expect(firstGets({ def, extensions: { fixedFilters: { jobId: '5' } } })).toEqual([]);
    expect(firstGets({ def: { ...def, headers: { 'X-Scope': 'a' } } })).toEqual([]);
  });
});
