import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { cmsSite } from '../site/schema.ts';
import { cmsTagWord } from './schema.ts';

// The Words screen's four lists (issue 30): tag and hot words per site in groups, sensitive and
// error-prone words for the whole installation, and the tag words' use counts following contents.
const ts = useTestServer();
const H = { repeatSubmit: 'false' };
let news = 0;
let demo = 0;

async function call(method: string, path: string, body?: unknown, opts: { lang?: string; site?: number } = {}) {
  return ts.api(method, path, { token: ts.admin, body, headers: { ...H, 'accept-language': opts.lang ?? 'en', CurrentSite: String(opts.site ?? news) } });
}
async function ok(method: string, path: string, body?: unknown, site = news) {
  const r = await call(method, path, body, { site });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const words = (rows: { word: string }[]) => rows.map((r) => r.word);
const useOf = async (word: string) => (await ts.database.db.select().from(cmsTagWord).where(eq(cmsTagWord.word, word))).map((r) => r.useCount);

beforeAll(async () => {
  news = (await ts.api('POST', '/cms/site', { token: ts.admin, headers: H, body: { name: 'Words', path: 'words' } })).data.siteId;
  demo = (await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo')))[0]!.siteId;
});

describe('tag word groups and tag words', () => {
  let topics = 0;
  let tech = 0;
  let demoGroup = 0;

  it('keeps a tree of groups per site, on ChestnutCMS\'s paths, ignoring a forged siteId', async () => {
    topics = (await ok('POST', '/word/tagword/group/add', { name: 'Topics', code: 'topics', siteId: demo })).groupId;
    tech = (await ok('POST', '/word/tagword/group', { name: 'Tech', code: 'tech', parentId: topics })).groupId;
    demoGroup = (await ok('POST', '/word/tagword/group', { name: 'Demo', code: 'topics' }, demo)).groupId;
    const tree = await ok('GET', '/word/tagword/group/treedata');
    expect(tree).toMatchObject([{ id: topics, name: 'Topics', isLeaf: false, children: [{ id: tech, parentId: topics, name: 'Tech', isLeaf: true }] }]);
    expect(await ok('GET', `/word/tagword/group/data/${tech}`)).toMatchObject({ name: 'Tech', code: 'tech', parentId: topics });
    expect((await ok('GET', '/word/tagword/group/treedata', undefined, demo)).map((n: { name: string }) => n.name)).toEqual(['Demo']);
    // Another site's group is out of reach: not read, not changed, not a parent.
    expect((await call('GET', `/word/tagword/group/data/${demoGroup}`)).code).toBe(500);
    expect((await call('POST', '/word/tagword/group/update', { groupId: demoGroup, name: 'Taken' })).code).toBe(500);
    expect(await call('POST', '/word/tagword/group', { name: 'X', code: 'x', parentId: demoGroup })).toMatchObject({ code: 500, msg: 'The parent group does not exist in this site' });
    // No loop.
    expect((await call('POST', '/word/tagword/group/update', { groupId: topics, parentId: tech }, { lang: 'zh-CN' })).msg).toBe('分组不能放在自己或自己的下级分组之下');
  });

  it('adds words to a group, never the same word twice, naming the field in three languages', async () => {
    await ok('POST', '/word/tagword/add', { groupId: tech, word: 'AI', sortFlag: 2 });
    await ok('POST', '/word/tagword', { groupId: tech, word: 'Rust', sortFlag: 1, siteId: demo });
    expect(words((await ok('GET', `/word/tagword/list?groupId=${tech}`)).rows)).toEqual(['Rust', 'AI']);
    expect(words((await ok('GET', `/word/tagword/list?groupId=${tech}&query=ru`)).rows)).toEqual(['Rust']);
    const dup = { groupId: tech, word: 'AI' };
    expect((await call('POST', '/word/tagword', dup)).msg).toBe('Tag Word "AI" is already in this group');
    expect((await call('POST', '/word/tagword', dup, { lang: 'zh-CN' })).msg).toBe('TAG词“AI”已在此分组中');
    expect((await call('POST', '/word/tagword', dup, { lang: 'zh-TW' })).msg).toBe('標籤詞「AI」已在此群組中');
    expect((await call('POST', '/word/tagword', { groupId: tech, word: '' }, { lang: 'zh-CN' })).msg).toMatch(/TAG词/);
    // The same word in another group is fine; a group of another site is not.
    await ok('POST', '/word/tagword', { groupId: topics, word: 'AI' });
    expect((await call('POST', '/word/tagword', { groupId: demoGroup, word: 'Sneaky' })).code).toBe(500);
    // Renaming onto a word the group has is refused too; the use count is never typed in.
    const [rust] = (await ok('GET', `/word/tagword/list?groupId=${tech}&query=rust`)).rows;
    expect((await call('POST', '/word/tagword/update', { wordId: rust.wordId, word: 'AI' })).code).toBe(500);
    await ok('POST', '/word/tagword/update', { wordId: rust.wordId, word: 'Rust', useCount: 99 });
    expect(await useOf('Rust')).toEqual([0]);
    expect((await call('POST', '/word/tagword/update', { wordId: rust.wordId, word: 'Hack' }, { site: demo })).code).toBe(500);
  });

  it('adds many words at once, reporting those the group has instead of doubling them', async () => {
    const r = await ok('POST', '/word/tagword/batchAdd', { groupId: tech, words: 'Go\n\nAI\nWasm\nGo\n' });
    expect(r).toEqual({ added: ['Go', 'Wasm'], skipped: ['AI'] });
    expect(await ok('POST', '/word/tagword/batchAdd', { groupId: tech, words: ['Zig', 'Rust'] })).toEqual({ added: ['Zig'], skipped: ['Rust'] });
    expect(words((await ok('GET', `/word/tagword/list?groupId=${tech}&pageSize=50`)).rows).sort()).toEqual(['AI', 'Go', 'Rust', 'Wasm', 'Zig']);
    expect((await call('POST', '/word/tagword/batchAdd', { groupId: demoGroup, words: 'X' })).code).toBe(500);
    expect((await call('POST', '/word/tagword/batchAdd', { groupId: tech, words: '\n \n' }, { lang: 'zh-TW' })).msg).toBe('請至少輸入一個詞彙，每行一個');
  });

  it('counts the contents using a word, following saves, edits, deletes and restores', async () => {
    const [catalog] = await ok('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: 'News' });
    const a = await ok('POST', '/cms/content?contentType=article', { catalogId: catalog.catalogId, title: 'One', tags: ['AI', 'Go'], contentHtml: '<p>x</p>' });
    await ok('POST', '/cms/content?contentType=article', { catalogId: catalog.catalogId, title: 'Two', tags: ['AI', 'Unknown'], contentHtml: '<p>y</p>' });
    // AI sits in two groups: each row is that word.
    expect(await useOf('AI')).toEqual([2, 2]);
    expect(await useOf('Go')).toEqual([1]);
    // The editor's suggestions: the site's words, most used first, each once.
    expect(words(await ok('GET', '/word/tagword/suggest?query='))).toEqual(['AI', 'Go', 'Rust', 'Wasm', 'Zig']);
    expect(words(await ok('GET', '/word/tagword/suggest?query=a'))).toEqual(['AI', 'Wasm']);
    expect(await ok('GET', '/word/tagword/suggest?query=a', undefined, demo)).toEqual([]);
    await ok('PUT', '/cms/content?contentType=article', { contentId: a.contentId, catalogId: catalog.catalogId, version: a.version, title: 'One', tags: ['Go', 'Rust'] });
    expect([await useOf('AI'), await useOf('Go'), await useOf('Rust')]).toEqual([[1, 1], [1], [1]]);
    await ok('DELETE', '/cms/content', [a.contentId]);
    expect([await useOf('Go'), await useOf('Rust')]).toEqual([[0], [0]]);
    await ok('POST', '/cms/content/restore', [a.contentId]);
    expect([await useOf('Go'), await useOf('Rust')]).toEqual([[1], [1]]);
  });

  it('deletes words, and a group with its words; a group with sub-groups only with them', async () => {
    expect((await call('POST', '/word/tagword/group/delete', [topics], { lang: 'en' })).msg).toBe('Group "Topics" has sub-groups; delete or move them first');
    const [zig] = (await ok('GET', `/word/tagword/list?groupId=${tech}&query=zig`)).rows;
    expect((await call('POST', '/word/tagword/delete', [zig.wordId], { site: demo })).code).toBe(500);
    await ok('POST', '/word/tagword/delete', [{ wordId: zig.wordId }]);
    await ok('POST', '/word/tagword/group/delete', [{ groupId: topics }, { groupId: tech }]);
    expect(await ok('GET', '/word/tagword/group/treedata')).toEqual([]);
    expect(await ts.database.db.select().from(cmsTagWord).where(eq(cmsTagWord.siteId, news))).toEqual([]);
  });
});

describe('hot words', () => {
  let group = 0;
  it('keeps groups and words per site, with their options and links', async () => {
    group = (await ok('POST', '/word/hotword/group/add', { name: 'Links', code: 'links' })).groupId;
    expect(await ok('GET', '/word/hotword/group/options')).toEqual([{ groupId: group, name: 'Links', code: 'links' }]);
    expect(await ok('GET', '/word/hotword/group/options', undefined, demo)).toEqual([]);
    expect(await ok('GET', '/word/hotword/group/treedata')).toMatchObject([{ id: group, name: 'Links' }]);
    await ok('POST', '/word/hotword/add', { groupId: group, word: 'Chestnut', url: 'https://chestnut.example', urlTarget: '_self' });
    await ok('POST', '/word/hotword/add', { groupId: group, word: 'About', url: '/about.html' });
    const rows = (await ok('GET', `/word/hotword/list?groupId=${group}`)).rows;
    expect(rows.map((r: { word: string; urlTarget: string }) => [r.word, r.urlTarget]).sort()).toEqual([['About', '_blank'], ['Chestnut', '_self']]);
    for (const url of ['javascript:alert(1)', '//evil.example', 'about']) {
      expect((await call('POST', '/word/hotword/add', { groupId: group, word: 'Bad', url })).msg, url).toBe('URL must be an http:// or https:// address or a path of the site starting with /');
    }
    expect((await call('POST', '/word/hotword/add', { groupId: group, word: 'About', url: '/x' }, { lang: 'zh-CN' })).msg).toBe('热词“About”已在此分组中');
    expect((await call('GET', `/word/hotword/${rows[0].wordId}`, undefined, { site: demo })).code).toBe(500);
    await ok('POST', '/word/hotword/group/delete', [group]);
    expect((await ok('GET', `/word/hotword/list?groupId=${group}`)).total).toBe(0);
  });
});

describe('sensitive and error-prone words', () => {
  it('are one list for every site, a word once', async () => {
    await ok('POST', '/word/sensitiveword/add', { word: 'badword', type: 'SENSITIVE', replaceWord: '***' });
    await ok('POST', '/word/sensitiveword/add', { word: 'bad wordsmith', type: 'WHITELIST' });
    expect(words((await ok('GET', '/word/sensitiveword/list', undefined, demo)).rows).sort()).toEqual(['bad wordsmith', 'badword']);
    expect(words((await ok('GET', '/word/sensitiveword/list?type=WHITELIST')).rows)).toEqual(['bad wordsmith']);
    expect((await call('POST', '/word/sensitiveword/add', { word: 'badword' }, { lang: 'zh-CN' })).msg).toBe('敏感词“badword”已存在');
    expect((await call('POST', '/word/sensitiveword/add', { word: 'x', type: 'OTHER' })).code).toBe(500);
    const [w] = (await ok('GET', '/word/sensitiveword/list?query=badword')).rows.filter((r: { word: string }) => r.word === 'badword');
    await ok('POST', '/word/sensitiveword/update', { wordId: w.wordId, replaceWord: '#' });
    await ok('POST', '/word/sensitiveword/delete', [w.wordId]);
    expect(words((await ok('GET', '/word/sensitiveword/list')).rows)).toEqual(['bad wordsmith']);

    await ok('POST', '/word/errorproneword/add', { word: '按装', replaceWord: '安装' });
    expect((await call('POST', '/word/errorproneword/add', { word: '帐号' }, { lang: 'en' })).msg).toMatch(/^Correct Word/);
    expect((await call('POST', '/word/errorproneword/add', { word: '按装', replaceWord: '安装' }, { lang: 'zh-TW' })).msg).toBe('易錯詞「按装」已存在');
    const [e] = (await ok('GET', '/word/errorproneword/list', undefined, demo)).rows;
    await ok('POST', '/word/errorproneword/update', { wordId: e.wordId, replaceWord: '安裝' });
    expect((await ok('GET', '/word/errorproneword/list')).rows).toMatchObject([{ word: '按装', replaceWord: '安裝' }]);
    await ok('POST', '/word/errorproneword/delete', [e.wordId]);
  });
});
