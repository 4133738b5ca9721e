import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { makeTestSite, type TestSite } from '../template/test-site.ts';
import { writePlainTemplates } from '../publish/test-publish.ts';
import { drainQueue } from '../publish/worker.ts';
import { cmsArticleDetail } from '../content/schema.ts';
import { cmsCustomFormData } from '../customform/schema.ts';
import { cmsErrorProneWord, cmsHotWord, cmsHotWordGroup, cmsSensitiveWord } from './schema.ts';

// Issue 30 items 2–4, the words at work: the editor's checks, the site's sensitive-word rule on
// content saves and readers' form submissions (refuse naming the words and the field, or mask),
// error-prone words corrected on save, hot words linked in published bodies, and both template filters.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-words-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatSubmit: 'false' };
let site: TestSite;

const call = (method: string, url: string, body?: unknown, lang = 'en') =>
  ts.api(method, url, { token: ts.admin, body, headers: { ...H, 'accept-language': lang, CurrentSite: String(site.siteId) } });
async function ok(method: string, url: string, body?: unknown) {
  const r = await call(method, url, body);
  expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
}
const settings = (values: Record<string, string>) => ok('POST', '/cms/setting/words', values);
const page = (path: string) => ts.server.sites.inject({ method: 'GET', url: path });

beforeAll(async () => {
  site = await makeTestSite(ts, 'words');
  const db = ts.database.db;
  await db.insert(cmsSensitiveWord).values([
    { word: '赌博', type: 'SENSITIVE' }, { word: 'Casino', type: 'SENSITIVE', replaceWord: '[c]' },
    { word: '禁止赌博', type: 'WHITELIST' },
  ]);
  await db.insert(cmsErrorProneWord).values([{ word: '按装', replaceWord: '安装' }]);
  const [tech] = await db.insert(cmsHotWordGroup).values({ siteId: site.siteId, name: 'Tech', code: 'tech' }).returning();
  const [other] = await db.insert(cmsHotWordGroup).values({ siteId: site.siteId, name: 'Other', code: 'other' }).returning();
  await db.insert(cmsHotWord).values([
    { siteId: site.siteId, groupId: tech!.groupId, word: 'Castanea', url: 'https://castanea.example/', urlTarget: '_blank' },
    { siteId: site.siteId, groupId: other!.groupId, word: '栗子', url: '/chestnut.html', urlTarget: '_self' },
  ]);
});

describe('the editor\'s checks', () => {
  it('lists the sensitive words of a text with their places, whitelist words shadowing them', async () => {
    const text = '本站禁止赌博。去CASINO赌博！';
    // ChestnutCMS's editor posts the bare text; the console posts { text }.
    const bare = await ts.api('POST', '/word/sensitiveword/check', { token: ts.admin, body: text, headers: { ...H, 'content-type': 'text/plain' } });
    expect(bare.data, bare.msg).toEqual([{ word: 'Casino', start: 8, end: 14 }, { word: '赌博', start: 14, end: 16 }]);
    expect(await ok('POST', '/word/sensitiveword/check', { text: '本站禁止赌博。' })).toEqual([]);
  });

  it('lists the error-prone words with their corrections', async () => {
    expect(await ok('POST', '/word/errorproneword/check', { text: '请按装软件' })).toEqual([{ word: '按装', replaceWord: '安装', start: 1, end: 3 }]);
  });
});

describe('content saves', () => {
  const article = (title: string, contentHtml: string) => call('POST', '/cms/content?contentType=article', { catalogId: site.cat.News, title, contentHtml });

  it('save freely while the site does not check', async () => {
    expect((await article('赌博 one', '<p>x</p>')).code).toBe(200);
  });

  it('refuse a content with sensitive words, naming the words and the field, in the user\'s language', async () => {
    await settings({ SensitiveWordCheck: 'Y', SensitiveWordAction: 'refuse' });
    expect((await article('A title', '<p title="赌博">去赌博和 casino</p>')).msg).toBe('Body contains sensitive words: 赌博, Casino');
    expect((await call('POST', '/cms/content?contentType=article', { catalogId: site.cat.News, title: '赌博 two', contentHtml: '' }, 'zh-CN')).msg).toBe('标题含有敏感词：赌博');
    // A whitelisted phrase passes; so does a word only inside an attribute.
    expect((await article('本站禁止赌博', '<p title="赌博">ok</p>')).code).toBe(200);
    // An update is checked too.
    const id = (await ok('POST', '/cms/content?contentType=article', { catalogId: site.cat.News, title: 'Clean', contentHtml: '<p>ok</p>' })).contentId;
    const { version } = await ok('GET', `/cms/content/init/${site.cat.News}/article/${id}`);
    expect((await call('PUT', '/cms/content?contentType=article', { contentId: id, catalogId: site.cat.News, version, title: 'Clean', summary: '赌博', contentHtml: '<p>ok</p>' })).msg).toBe('Summary contains sensitive words: 赌博');
  });

  it('mask them when the site says so, and correct error-prone words when asked', async () => {
    await settings({ SensitiveWordCheck: 'Y', SensitiveWordAction: 'mask', SensitiveWordReplacement: '**', ErrorProneWordCheck: 'Y' });
    const r = await article('赌博 three', '<p><a href="/casino">按装</a> 赌博 &amp; Casino</p>');
    expect(r.code, r.msg).toBe(200);
    const saved = await ok('GET', `/cms/content/init/${site.cat.News}/article/${r.data.contentId}`);
    expect(saved.title).toBe('** three');
    expect(saved.contentHtml).toBe('<p><a href="/casino">安装</a> ** &amp; [c]</p>');
    await settings({ SensitiveWordCheck: 'N', ErrorProneWordCheck: 'N' });
  });
});

describe('readers\' form submissions', () => {
  it('are refused or masked by the same setting', async () => {
    const modelId = (await ok('POST', '/cms/exmodel', { name: 'Contact', code: 'contact', bindTo: 'form' })).modelId;
    await ok('POST', '/xmodel/field', { label: 'Message', code: 'message', fieldType: 'textarea', modelId });
    const formId = (await ok('POST', '/cms/customform', { name: 'Contact us', code: 'contact', modelId })).formId;
    await ok('POST', '/cms/customform/publish', [formId]);
    const submit = (message: string) => ts.api('POST', '/api/customform/submit', { body: { siteId: site.siteId, formId, data: { message } }, headers: { 'accept-language': 'en' } });
    await settings({ SensitiveWordCheck: 'Y', SensitiveWordAction: 'refuse' });
    expect((await submit('去赌博')).msg).toBe('Message contains sensitive words: 赌博');
    // The sites' own origin (a form posted from a published page) follows the same rule.
    const viaSite = await ts.server.sites.inject({ method: 'POST', url: '/api/customform/submit', payload: new URLSearchParams({ siteId: String(site.siteId), formId: String(formId), 'data.message': '去赌博' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'accept-language': 'en' } });
    expect(viaSite.json().msg).toBe('Message contains sensitive words: 赌博');
    await settings({ SensitiveWordAction: 'mask', SensitiveWordReplacement: '***' });
    const r = await submit('去赌博');
    expect(r.code, r.msg).toBe(200);
    const [row] = await ts.database.db.select().from(cmsCustomFormData).where(eq(cmsCustomFormData.entryId, r.data.entryId));
    expect(row!.values).toEqual({ message: '去***' });
    await settings({ SensitiveWordCheck: 'N' });
  });
});

describe('publishing', () => {
  it('links the first occurrence of each hot word of the site\'s groups in a body, never in a link or heading; the stored body is unchanged', async () => {
    await settings({ HotWordGroups: 'tech', HotWordMaxReplace: '5' });
    await writePlainTemplates(ts, site, {
      'detail_article.template.html': '<h1>{{ Content.title }}</h1>{% cms_article %}<div>{{ ArticleContent | raw }}</div>{% endcms_article %}'
        + '<aside>{{ \'栗子 Castanea\' | replaceHotWord: \'other\' | raw }}|{{ \'去赌博\' | replaceSensitiveWord }}</aside>',
    });
    const body = '<h2>Castanea</h2><p><a href="/x">Castanea</a> Castanea and castanea 栗子</p>';
    const id = (await ok('POST', '/cms/content?contentType=article', { catalogId: site.cat.World, title: 'Hot', contentHtml: body })).contentId;
    await ok('POST', '/cms/content/publish', { contentIds: [id] });
    await drainQueue(ts.server.services);
    const html = (await page(`/words/news/world/${id}.shtml`)).body;
    expect(html).toContain('<h2>Castanea</h2><p><a href="/x">Castanea</a> <a href="https://castanea.example/" target="_blank" rel="noopener" class="hot-word">Castanea</a> and castanea 栗子</p>');
    // The filters: another group's words, sensitive words masked with the site's replacement.
    expect(html).toContain('<aside><a href="/chestnut.html" class="hot-word">栗子</a> Castanea|去***</aside>');
    const [stored] = await ts.database.db.select().from(cmsArticleDetail).where(eq(cmsArticleDetail.contentId, id));
    expect(stored!.contentHtml).toBe(body);
  });

  it('uses the catalog\'s own hot word group before the site\'s, and makes at most N links a page', async () => {
    await ok('PUT', '/cms/catalog', { catalogId: site.cat.World, hotWordGroup: 'other' });
    await settings({ HotWordMaxReplace: '1' });
    const id = (await ok('POST', '/cms/content?contentType=article', { catalogId: site.cat.World, title: 'Hot two', contentHtml: '<p>Castanea 栗子 栗子</p>' })).contentId;
    await ok('POST', '/cms/content/publish', { contentIds: [id] });
    await drainQueue(ts.server.services);
    const html = (await page(`/words/news/world/${id}.shtml`)).body;
    expect(html).toContain('<p>Castanea <a href="/chestnut.html" class="hot-word">栗子</a> 栗子</p>');
  });
});
