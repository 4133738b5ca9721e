import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import yazl from 'yazl';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { useTestServer } from '../../../tests/helpers/server.ts';
import {
  accessMatrix, del, digestOf, exported, get, harmless, post, put, refused, send, setUpPeople, upload,
  type Call, type Method, type People, type Table,
} from '../../../tests/helpers/access-matrix.ts';
import { allBits, permBit, type CatalogPerm, type SitePerm } from '../../../shared/cms/perms.ts';
import { SETTINGS_GROUPS } from '../../../shared/cms/site-config.ts';
import { mp3, mp4, PDF, png } from './resource/test-files.ts';
import { cmsModule } from './routes.ts';
import { cmsBookChapter, cmsCatalog, cmsContent, cmsGrant, cmsPublishTask, cmsPushJob, cmsSearchDictWord, cmsTemplateVersion } from './schema.ts';
import { indexContents } from './search/indexer.ts';
import { cmsSearchLog } from './searchlog/schema.ts';
import { cmsComment } from './comment/schema.ts';
import { cmsVoteSubjectItem } from './vote/schema.ts';
import { submitVote } from './vote/submit.ts';
import { cmsMailbox } from './mailbox/schema.ts';
import { cmsPusher, cmsPusherDelivery } from './pusher/schema.ts';
import { startSmtpSink, type SmtpSink } from '../messaging/test-sinks.ts';

// Issue 9 §1.2, for every CMS route: who may call it (the permission key, then the grant bits on
// the current site or the row's catalog), on which rows (the current site's, never another's,
// whatever id the path, body or query names), and batches all or nothing. The member holds every
// key and, on site Alpha, every grant; site Zeta is someone else's: everything of it says "zeta",
// so a reply that shows it is caught, and its rows must never change.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-matrix-'));
// Mailbox replies really go out: to a local SMTP server, which messages may reach when allowed.
const ts = useTestServer({ config: { dataDir, messagingAllowedHosts: ['127.0.0.1'] } });
let smtp: SmtpSink | undefined;
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await smtp?.close();
});

type Need = `Site.${SitePerm}` | `Catalog.${CatalogPerm}`;

/** One site's rows the table names: its extra pipe, a property, catalogs news > world, contents… */
interface SiteRows {
  site: number;
  pipe: number;
  prop: number;
  news: number;
  world: number;
  story: number;
  book: number;
  chapter: number;
  recycled: number;
  resource: number;
  /** an image of its library (a watermark candidate) */
  image: number;
  /** an audio file of its library (media facts) */
  audio: number;
  /** a video of its library (poster frames) */
  video: number;
  /** a custom dynamic page */
  dynamic: number;
  /** a friend-link group with one link */
  linkGroup: number;
  link: number;
  /** a tag word group with one tag word, a hot word group with one hot word */
  tagGroup: number;
  tagWord: number;
  hotGroup: number;
  hotWord: number;
  /** an extension model of its contents with one field, the story's value saved */
  xmodel: number;
  xfield: number;
  /** a published custom form (on a form model with one field) and one reader's entry */
  formModel: number;
  form: number;
  entry: number;
  /** a manual page widget, an ad space with one ad */
  widget: number;
  adSpace: number;
  ad: number;
  /** a failed push of its pages (the push log) */
  pushJob: number;
  /** an index dictionary word */
  dictWord: number;
  /** a searched word and a reader's search (the Search Log screen) */
  searchWord: number;
  searchLog: number;
  /** a reader's comment on its story (the Comment screen) */
  comment: number;
  /** a vote with one single-choice subject (two options) and one submission */
  vote: number;
  voteSubject: number;
  /** a reader's mailbox message */
  mail: number;
  /** a message pusher (e-mail to the local SMTP server) and one failed delivery of it */
  pusher: number;
  delivery: number;
}

interface Fx extends People {
  A: SiteRows;
  B: SiteRows;
  /** sites the member holds grants on (Alpha, and sites made for a delete) */
  memberSites: number[];
}
let fx: Fx;
let serial = 0;
const n = () => ++serial;

async function asAdmin(method: Method, path: string, body?: unknown, site?: number, query?: Record<string, string>) {
  const r = await send(ts, ts.admin, { method, path, body, site, query });
  expect(r.code, `${method} ${path}: ${r.msg}`).toBe(200);
  return r.data;
}
const uploadAs = async (token: string, site: number, name: string, content = PDF, suffix = 'pdf') => {
  const r = await send(ts, token, upload('/cms/resource/upload', { name: `${name}.${suffix}`, content }, { site }));
  expect(r.code, r.msg).toBe(200);
  return r.data.resourceId as number;
};

// Rows made for one call (a delete, a recycle…), on Alpha, by the administrator.
const fresh = {
  async site() {
    const i = n();
    const id = (await asAdmin('POST', '/cms/site', { name: `Alpha tmp ${i}`, path: `alphatmp${i}` })).siteId as number;
    fx.memberSites.push(id);
    return id;
  },
  content: async (title = `Alpha item ${n()}`, catalogId = fx.A.world) =>
    (await asAdmin('POST', '/cms/content', { catalogId, title }, fx.A.site, { contentType: 'article' })).contentId as number,
  async recycled() {
    const id = await fresh.content();
    await asAdmin('POST', '/cms/content/recycle', { contentIds: [id] }, fx.A.site);
    return id;
  },
  async catalog(parentId = fx.A.news) {
    const i = n();
    return (await asAdmin('POST', '/cms/catalog', { parentId, name: `Alpha cat ${i}`, alias: `alpha_cat_${i}`, path: `alphacat${i}/`, catalogType: 'common' }, fx.A.site)).catalogId as number;
  },
  async pipe() {
    const i = n();
    return (await asAdmin('POST', '/cms/publishpipe', { name: `Alpha pipe ${i}`, code: `ap${i}` }, fx.A.site)).pipeId as number;
  },
  widget: async () => (await asAdmin('POST', '/cms/pagewidget', { type: 'manual', name: `Alpha widget ${n()}`, code: `aw${serial}` }, fx.A.site)).pageWidgetId as number,
  adSpace: async () => (await asAdmin('POST', '/cms/adspace', { name: `Alpha ads ${n()}`, code: `aa${serial}` }, fx.A.site)).pageWidgetId as number,
  ad: async () => (await asAdmin('POST', '/cms/advertisement', { adSpaceId: fx.A.adSpace, type: 'text', name: `Alpha ad ${n()}`, redirectUrl: 'https://alpha.example.com/' }, fx.A.site)).advertisementId as number,
  searchWord: async () => (await asAdmin('POST', '/search/word', { word: `alpha word ${n()}` }, fx.A.site)).wordId as number,
  comment: () => commentOn(fx.A.site, fx.A.story, `alpha comment ${n()}`),
  searchLog: async () => (await ts.database.db.insert(cmsSearchLog).values({ siteId: fx.A.site, query: `alpha query ${n()}`, ipHash: 'a'.repeat(64), userAgent: 'Firefox' }).returning())[0]!.logId,
  vote: async () => (await asAdmin('POST', '/vote', { title: `Alpha vote ${n()}`, code: `av${serial}` }, fx.A.site)).voteId as number,
  voteSubject: async () => (await asAdmin('POST', '/vote/subject', { voteId: fx.A.vote, title: `Alpha subject ${n()}`, type: 'radio', itemLines: 'alpha yes\nalpha no' }, fx.A.site)).subjectId as number,
  pusher: async () => (await ts.database.db.insert(cmsPusher).values({ siteId: fx.A.site, name: `Alpha pusher ${n()}`, type: 'EMAIL', config: pusherMail('alpha') }).returning())[0]!.pusherId,
  delivery: async () => (await ts.database.db.insert(cmsPusherDelivery).values({ siteId: fx.A.site, pusherId: fx.A.pusher, eventType: 'PublishFailed', params: { target: 'alpha page' }, status: 'FAILED' }).returning())[0]!.deliveryId,
  mail: async () => (await ts.database.db.insert(cmsMailbox).values({ siteId: fx.A.site, title: `Alpha mail ${n()}`, name: 'Alpha reader', email: 'alpha@example.com', content: 'alpha message' }).returning())[0]!.mailboxId,
  linkGroup: async () => (await asAdmin('POST', '/cms/link_group', { name: `Alpha links ${n()}`, code: `al${serial}` }, fx.A.site)).linkGroupId as number,
  link: async () => (await asAdmin('POST', '/cms/link', { groupId: fx.A.linkGroup, name: `Alpha link ${n()}`, url: 'https://alpha.example.com/' }, fx.A.site)).linkId as number,
  tagGroup: async () => (await asAdmin('POST', '/word/tagword/group', { name: `Alpha tags ${n()}`, code: `at${serial}` }, fx.A.site)).groupId as number,
  tagWord: async () => (await asAdmin('POST', '/word/tagword', { groupId: fx.A.tagGroup, word: `Alpha tag ${n()}` }, fx.A.site)).wordId as number,
  hotGroup: async () => (await asAdmin('POST', '/word/hotword/group', { name: `Alpha hot ${n()}`, code: `ah${serial}` }, fx.A.site)).groupId as number,
  hotWord: async () => (await asAdmin('POST', '/word/hotword', { groupId: fx.A.hotGroup, word: `Alpha hot ${n()}`, url: '/alpha.html' }, fx.A.site)).wordId as number,
  xmodel: async () => (await asAdmin('POST', '/cms/exmodel', { name: `Alpha model ${n()}`, code: `axm${serial}`, bindTo: 'form' }, fx.A.site)).modelId as number,
  xfield: async () => (await asAdmin('POST', '/xmodel/field', { modelId: fx.A.xmodel, label: `Alpha field ${n()}`, code: `axf${serial}`, fieldType: 'text' }, fx.A.site)).fieldId as number,
  form: async () => (await asAdmin('POST', '/cms/customform', { name: `Alpha form ${n()}`, code: `afm${serial}`, modelId: fx.A.formModel }, fx.A.site)).formId as number,
  entry: () => submitEntry(fx.A.site, fx.A.form, 'alpha answer'),
  async dynamicPage() {
    const i = n();
    return (await asAdmin('POST', '/cms/dynamic_page', { name: `Alpha page ${i}`, code: `alpha_page_${i}`, path: `alpha/page${i}` }, fx.A.site)).pageId as number;
  },
  async dictWord() {
    const word = `alphaword${n()}`;
    await asAdmin('POST', '/search/dict', { wordType: 'WORD', words: [word] }, fx.A.site);
    return (await ts.database.db.select({ id: cmsSearchDictWord.wordId }).from(cmsSearchDictWord).where(eq(cmsSearchDictWord.word, word)))[0]!.id;
  },
  async prop() {
    const i = n();
    return (await asAdmin('POST', '/cms/site/prop', { propName: `Alpha prop ${i}`, propCode: `alpha_prop_${i}` }, fx.A.site)).propertyId as number;
  },
  template: async () => {
    const path = `alpha_tmp_${n()}.template.html`;
    await asAdmin('POST', '/cms/template', { publishPipeCode: 'pc', path, content: 'Alpha tmp' }, fx.A.site);
    return path;
  },
  chapter: async () => (await asAdmin('POST', '/cms/book/chapter', { contentId: fx.A.book, title: `Alpha chapter ${n()}`, content: '<p>text</p>', action: 'draft' }, fx.A.site)).chapterId as number,
  resource: () => uploadAs(ts.admin, fx.A.site, `alpha-file-${n()}`),
  async file() {
    const fileName = `alpha_file_${n()}.css`;
    await asAdmin('POST', '/cms/file/add', { dir: 'pc/css', fileName, isDirectory: false }, fx.A.site);
    return `pc/css/${fileName}`;
  },
};

/** A reader's comment waiting for the audit, written as the public API stores one. */
async function commentOn(siteId: number, story: number, content: string): Promise<number> {
  const [row] = await ts.database.db.insert(cmsComment).values({ siteId, sourceType: 'cms_content', sourceId: story, content }).returning({ id: cmsComment.commentId });
  return row!.id;
}

/** A reader's submission of a published form (no session). */
async function submitEntry(siteId: number, formId: number, answer: string): Promise<number> {
  const r = await ts.api('POST', '/api/customform/submit', { body: { siteId, formId, data: { q: answer } } });
  expect(r.code, r.msg).toBe(200);
  return r.data.entryId as number;
}

/** The newest saved version of a site's template (read as the administrator). */
async function versionIdOf(site: number, path: string): Promise<number> {
  const [row] = await ts.database.db.select({ id: cmsTemplateVersion.versionId }).from(cmsTemplateVersion)
    .where(and(eq(cmsTemplateVersion.siteId, site), eq(cmsTemplateVersion.path, path))).orderBy(desc(cmsTemplateVersion.versionId)).limit(1);
  return row!.id;
}

/** A message pusher's settings: e-mail through the matrix's local SMTP server to one of the site's addresses. */
const pusherMail = (lower: string) => ({
  host: '127.0.0.1', port: smtp!.port, security: 'NONE', username: 'mailer', password: 'S3cret!', fromAddress: 'cms@example.com', recipients: `${lower}@example.com`, language: 'en',
});

/** A site with every kind of row, named after `name` (Alpha is the member's, Zeta someone else's). */
async function siteWithRows(name: string): Promise<SiteRows> {
  const lower = name.toLowerCase();
  const site = (await asAdmin('POST', '/cms/site', { name, path: lower })).siteId as number;
  const at = (method: Method, path: string, body?: unknown, query?: Record<string, string>) => asAdmin(method, path, body, site, query);
  // The same pipe code and property code on both sites: codes are unique per site, not across sites.
  const pipe = (await at('POST', '/cms/publishpipe', { name: `${name} pipe`, code: 'bx' })).pipeId;
  const prop = (await at('POST', '/cms/site/prop', { propName: `${name} prop`, propCode: 'shared_code', propValue: lower })).propertyId;
  const [news, world] = (await at('POST', '/cms/catalog/batchAdd', { parentId: 0, catalogs: `${name} news\n  ${name} world` })).map((c: { catalogId: number }) => c.catalogId);
  const article = (title: string) => at('POST', '/cms/content', { catalogId: world, title }, { contentType: 'article' }).then((d) => d.contentId as number);
  const story = await article(`${name} story`);
  await at('POST', '/cms/content/publish', { contentIds: [story] });
  const book = (await at('POST', '/cms/content', { catalogId: world, title: `${name} book` }, { contentType: 'book' })).contentId;
  const chapter = (await at('POST', '/cms/book/chapter', { contentId: book, title: `${name} chapter`, content: '<p>text</p>', action: 'draft' })).chapterId;
  const recycled = await article(`${name} recycled`);
  await at('POST', '/cms/content/recycle', { contentIds: [recycled] });
  await at('POST', '/cms/site/extends/' + site, { ShortTitleLabel: `${name} short` });
  await at('POST', '/cms/setting/words', { SensitiveWordReplacement: lower });
  await at('POST', '/cms/setting/seo', { BaiduPushSite: `${lower}.example.com`, BaiduPushEnabled: 'Y', BaiduPushToken: `${lower}-token`, BaiduPushEndpoint: 'http://127.0.0.1:9/urls' });
  // A CDN to purge (nothing sends here: the push dispatcher does not run in this test).
  await at('POST', '/cms/setting/cdn', { CdnProvider: 'HTTP', CdnPurgeUrl: 'http://127.0.0.1:9/purge' });
  await at('POST', '/cms/site/default_template', { publishPipeProps: [{ pipeCode: 'pc', props: { defaultListTemplate: `${lower}_list.template.html` } }] });
  // Zeta's template is named without "zeta": a forged call names it, and the reply may echo the name.
  const pageTemplate = lower === 'zeta' ? 'other_page.template.html' : `${lower}_page.template.html`;
  await at('POST', '/cms/template', { publishPipeCode: 'pc', path: pageTemplate, content: `${name} page` });
  // The same code and path on both sites: unique per site, not across sites.
  const dynamic = (await at('POST', '/cms/dynamic_page', { name: `${name} dynamic page`, code: 'shared_page', path: 'shared/page', templates: { pc: pageTemplate } })).pageId as number;
  const resource = await uploadAs(ts.admin, site, `${lower}-file`);
  const image = await uploadAs(ts.admin, site, `${lower}-image`, await png(8, 8), 'png');
  // Its files: a stylesheet of the same name on both sites that says whose it is, a folder named
  // after the site, and (Zeta only) files the other site lacks, named without saying whose.
  await at('POST', '/cms/file/add', { dir: 'pc', fileName: `${lower}_assets`, isDirectory: true });
  await at('POST', '/cms/file/add', { dir: 'pc/css', fileName: 'site.css', isDirectory: false });
  await at('POST', '/cms/file/edit', { filePath: 'pc/css/site.css', fileContent: `${lower}-content` });
  if (name === 'Zeta') {
    // Named to be caught if a listing, the tree or an export ever showed it on another site.
    await at('POST', '/cms/file/add', { dir: 'pc/css', fileName: 'zeta_mark.css', isDirectory: false });
    await at('POST', '/cms/file/add', { dir: 'pc', fileName: 'b_assets', isDirectory: true });
    await at('POST', '/cms/file/add', { dir: 'pc/css', fileName: 'b_only.css', isDirectory: false });
  }
  const audio = await uploadAs(ts.admin, site, `${lower}-audio`, mp3(), 'mp3');
  const video = await uploadAs(ts.admin, site, `${lower}-video`, await mp4(), 'mp4');
  const linkGroup = (await at('POST', '/cms/link_group', { name: `${name} links`, code: 'shared_links' })).linkGroupId as number;
  const link = (await at('POST', '/cms/link', { groupId: linkGroup, name: `${name} link`, url: `https://${lower}.example.com/` })).linkId as number;
  const tagGroup = (await at('POST', '/word/tagword/group', { name: `${name} tags`, code: 'shared_tags' })).groupId as number;
  const tagWord = (await at('POST', '/word/tagword', { groupId: tagGroup, word: `${name} tag` })).wordId as number;
  const hotGroup = (await at('POST', '/word/hotword/group', { name: `${name} hot`, code: 'shared_hot' })).groupId as number;
  const hotWord = (await at('POST', '/word/hotword', { groupId: hotGroup, word: `${name} hot`, url: `https://${lower}.example.com/` })).wordId as number;
  // The same model, field and form codes on both sites: unique per site, not across sites.
  const xmodel = (await at('POST', '/cms/exmodel', { name: `${name} model`, code: 'shared_model', bindTo: 'content' })).modelId as number;
  const xfield = (await at('POST', '/xmodel/field', { modelId: xmodel, label: `${name} field`, code: 'note', fieldType: 'text' })).fieldId as number;
  await at('PUT', `/cms/exmodel/data/content/${story}`, { note: `${lower} note` });
  const formModel = (await at('POST', '/cms/exmodel', { name: `${name} form model`, code: 'shared_form_model', bindTo: 'form' })).modelId as number;
  await at('POST', '/xmodel/field', { modelId: formModel, label: `${name} question`, code: 'q', fieldType: 'text' });
  const form = (await at('POST', '/cms/customform', { name: `${name} form`, code: 'shared_form', modelId: formModel })).formId as number;
  await at('POST', '/cms/customform/publish', [form]);
  const entry = await submitEntry(site, form, `${lower} answer`);
  // The same codes on both sites: unique per site.
  const widget = (await at('POST', '/cms/pagewidget', { type: 'manual', name: `${name} widget`, code: 'shared_block' })).pageWidgetId as number;
  const adSpace = (await at('POST', '/cms/adspace', { name: `${name} ads`, code: 'shared_ads' })).pageWidgetId as number;
  const ad = (await at('POST', '/cms/advertisement', { adSpaceId: adSpace, type: 'text', name: `${name} ad`, redirectUrl: `https://${lower}.example.com/` })).advertisementId as number;
  const [job] = await ts.database.db.insert(cmsPushJob).values({
    siteId: site, target: 'cdn', pipeCode: 'pc', base: `https://${lower}.example.com/`, urls: [`https://${lower}.example.com/${lower}.html`], status: 'FAILED', attempts: 4, response: `${lower} failed`,
  }).returning({ id: cmsPushJob.jobId });
  // Its story in the search index (the publish queue does not run here), and an index dictionary word.
  await indexContents(ts.database.db, [story]);
  await at('POST', '/search/dict', { wordType: 'WORD', words: [`${lower}word`] });
  const [word] = await ts.database.db.select({ id: cmsSearchDictWord.wordId }).from(cmsSearchDictWord).where(eq(cmsSearchDictWord.siteId, site));
  const searchWord = (await at('POST', '/search/word', { word: `${lower} word` })).wordId as number;
  const [log] = await ts.database.db.insert(cmsSearchLog).values({ siteId: site, query: `${lower} query`, resultCount: 1, ipHash: 'b'.repeat(64), userAgent: 'Chrome' }).returning({ id: cmsSearchLog.logId });
  const comment = await commentOn(site, story, `${lower} comment`);
  // The same vote code on both sites: unique per site. A reader's submission with a text answer that says whose it is.
  const vote = (await at('POST', '/vote', { title: `${name} vote`, code: 'shared_vote', totalLimit: 0, dayLimit: 0 })).voteId as number;
  const voteSubject = (await at('POST', '/vote/subject', { voteId: vote, title: `${name} subject`, type: 'radio', itemLines: `${lower} yes\n${lower} no` })).subjectId as number;
  const textSubject = (await at('POST', '/vote/subject', { voteId: vote, title: `${name} why`, type: 'input' })).subjectId as number;
  const [yes] = await ts.database.db.select().from(cmsVoteSubjectItem).where(eq(cmsVoteSubjectItem.subjectId, voteSubject)).orderBy(asc(cmsVoteSubjectItem.sortFlag));
  await submitVote(ts.database.db, { siteId: site, member: null, ip: '192.0.2.50' }, { voteId: vote, subjects: [{ subjectId: voteSubject, itemIds: [yes!.itemId] }, { subjectId: textSubject, text: `${lower} answer` }] });
  // A reader's message (no e-mail address: a reply never leaves the test).
  const [mail] = await ts.database.db.insert(cmsMailbox).values({ siteId: site, title: `${name} mail`, name: `${name} reader`, content: `${lower} message` }).returning({ id: cmsMailbox.mailboxId });
  // A pusher mailing the local SMTP server, and a failed delivery of it.
  const [pusher] = await ts.database.db.insert(cmsPusher).values({ siteId: site, name: `${name} pusher`, type: 'EMAIL', events: ['PublishFailed'], config: pusherMail(lower) }).returning({ id: cmsPusher.pusherId });
  const [delivery] = await ts.database.db.insert(cmsPusherDelivery).values({ siteId: site, pusherId: pusher!.id, eventType: 'PublishFailed', params: { target: `${lower} page` }, status: 'FAILED' }).returning({ id: cmsPusherDelivery.deliveryId });
  return { pusher: pusher!.id, delivery: delivery!.id, site, pipe, prop, news, world, story, book, chapter, recycled, resource, image, audio, video, dynamic, linkGroup, link, tagGroup, tagWord, hotGroup, hotWord, xmodel, xfield, formModel, form, entry, widget, adSpace, ad, pushJob: job!.id, dictWord: word!.id, searchWord, searchLog: log!.id, vote, voteSubject, comment, mail: mail!.id };
}

const SITE_PERMS_ALL = allBits('Site');
const CATALOG_PERMS_ALL = allBits('Catalog');

/** The member's own grants: every bit on their sites and on Alpha's top catalogs (covering the tree), but `without`. */
async function grant(f: Fx, without?: Need) {
  const db = ts.database.db;
  const [object, perm] = (without?.split('.') ?? []) as ['Site' | 'Catalog' | undefined, string | undefined];
  const siteBits = SITE_PERMS_ALL & ~(object === 'Site' ? permBit('Site', perm as SitePerm) : 0);
  const catalogBits = CATALOG_PERMS_ALL & ~(object === 'Catalog' ? permBit('Catalog', perm as CatalogPerm) : 0);
  await db.delete(cmsGrant).where(and(eq(cmsGrant.ownerType, 'User'), eq(cmsGrant.ownerId, f.users.member)));
  const tops = await db.select({ id: cmsCatalog.catalogId }).from(cmsCatalog).where(and(inArray(cmsCatalog.siteId, f.memberSites), eq(cmsCatalog.parentId, 0)));
  await db.insert(cmsGrant).values([
    ...f.memberSites.map((objectId) => ({ ownerType: 'User', ownerId: f.users.member, objectType: 'Site', objectId, bits: siteBits })),
    ...tops.map((t) => ({ ownerType: 'User', ownerId: f.users.member, objectType: 'Catalog', objectId: t.id, bits: catalogBits })),
  ].filter((g) => g.bits));
}

/** Every file and folder below a site's folder (templates, static files, library), as one hash. */
function filesDigest(site: string): string {
  const root = join(dataDir, 'sites', site);
  const hash = createHash('sha256');
  if (!existsSync(root)) return 'none';
  for (const d of readdirSync(root, { recursive: true, withFileTypes: true }).sort((a, b) => join(a.parentPath, a.name).localeCompare(join(b.parentPath, b.name)))) {
    const full = join(d.parentPath, d.name);
    hash.update(`${full.slice(root.length)}:${d.isFile() ? createHash('sha256').update(readFileSync(full)).digest('hex') : d.isSymbolicLink() ? 'link' : 'dir'}\n`);
  }
  return hash.digest('hex');
}

/** A theme archive of Alpha's pipe as it stands (importing it changes nothing the other entries use). */
async function alphaTheme(): Promise<Buffer> {
  const z = new yazl.ZipFile();
  z.addBuffer(Buffer.from(JSON.stringify({ format: 'castanea-theme', version: 1 })), 'theme.json');
  z.addEmptyDirectory('pc/alpha_assets');
  z.addBuffer(Buffer.from('alpha-content'), 'pc/css/site.css');
  z.end();
  const chunks: Buffer[] = [];
  for await (const c of z.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Everything of site Zeta: its rows in every table with a site, its contents' parts, the grants on it and its catalogs, and its files. */
async function outside(f: Fx) {
  const B = f.B.site;
  const contents = `select content_id from cms_content where site_id = ${B}`;
  const files = filesDigest('zeta');
  return { files, ...(await digestOf(ts.database.db, {
    site: `select * from cms_site where site_id = ${B}`,
    pipes: `select * from cms_publishpipe where site_id = ${B}`,
    dynamicPages: `select * from cms_dynamic_page where site_id = ${B}`,
    props: `select * from cms_site_property where site_id = ${B}`,
    linkGroups: `select * from cms_link_group where site_id = ${B}`,
    votes: `select * from cms_vote where site_id = ${B}`,
    voteSubjects: `select * from cms_vote_subject where site_id = ${B}`,
    voteItems: `select * from cms_vote_subject_item where site_id = ${B}`,
    voteLogs: `select * from cms_vote_log where site_id = ${B}`,
    links: `select * from cms_link where site_id = ${B}`,
    tagGroups: `select * from cms_tag_word_group where site_id = ${B}`,
    tagWords: `select * from cms_tag_word where site_id = ${B}`,
    hotGroups: `select * from cms_hot_word_group where site_id = ${B}`,
    hotWords: `select * from cms_hot_word where site_id = ${B}`,
    searchWords: `select * from cms_search_word where site_id = ${B}`,
    searchWordDays: `select * from cms_search_word_day where word_id in (select word_id from cms_search_word where site_id = ${B})`,
    searchLogs: `select * from cms_search_log where site_id = ${B}`,
    comments: `select * from cms_comment where site_id = ${B}`,
    commentLikes: `select * from cms_comment_like where comment_id in (select comment_id from cms_comment where site_id = ${B})`,
    xmodels: `select * from cms_xmodel where site_id = ${B}`,
    xfields: `select * from cms_xmodel_field where site_id = ${B}`,
    xdata: `select * from cms_xmodel_data where site_id = ${B}`,
    forms: `select * from cms_custom_form where site_id = ${B}`,
    formEntries: `select * from cms_custom_form_data where site_id = ${B}`,
    mailbox: `select * from cms_mailbox where site_id = ${B}`,
    pushers: `select * from cms_pusher where site_id = ${B}`,
    pusherDeliveries: `select * from cms_pusher_delivery where site_id = ${B}`,
    reviews: `select * from wf_instance where site_id = ${B}`,
    reviewTasks: `select * from wf_task where site_id = ${B}`,
    reviewHistory: `select * from wf_history where content_id in (${contents})`,
    siteBinding: `select * from wf_site_binding where site_id = ${B}`,
    catalogBindings: `select * from wf_catalog_binding where site_id = ${B}`,
    widgets: `select * from cms_page_widget where site_id = ${B}`,
    ads: `select * from cms_advertisement where site_id = ${B}`,
    catalogs: `select * from cms_catalog where site_id = ${B}`,
    contents: `select * from cms_content where site_id = ${B}`,
    counts: `select * from cms_content_count where site_id = ${B}`,
    articles: `select * from cms_article_detail where content_id in (${contents})`,
    books: `select * from cms_book where content_id in (${contents})`,
    chapters: `select * from cms_book_chapter where content_id in (${contents})`,
    relations: `select * from cms_content_rela where content_id in (${contents}) or rela_content_id in (${contents})`,
    resources: `select * from cms_resource where site_id = ${B}`,
    tasks: `select * from cms_publish_task where site_id = ${B}`,
    searchIndex: `select content_id, title, indexed_at, tsv::text from cms_search_index where site_id = ${B}`,
    dictWords: `select * from cms_search_dict_word where site_id = ${B}`,
    grants: `select * from cms_grant where (object_type = 'Site' and object_id = ${B}) or (object_type = 'Catalog' and object_id in (select catalog_id from cms_catalog where site_id = ${B})) or (object_type = 'PageWidget' and object_id in (select page_widget_id from cms_page_widget where site_id = ${B}))`,
  })) };
}

/** The matrix's review model: one step whose candidate is the member (rows written as the engine writes them). */
let reviewVersion = 0;
let zetaTask = 0;
const REVIEW_XML = `<?xml version="1.0" encoding="UTF-8"?><bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="D" targetNamespace="x">
<bpmn:process id="P"><bpmn:startEvent id="S"/><bpmn:userTask id="Check" name="Alpha check" camunda:candidateUsers="member"/><bpmn:endEvent id="E"/>
<bpmn:sequenceFlow id="F1" sourceRef="S" targetRef="Check"/><bpmn:sequenceFlow id="F2" sourceRef="Check" targetRef="E"/></bpmn:process></bpmn:definitions>`;
const rowsOf = async (q: ReturnType<typeof sql>) => ((await ts.database.db.execute(q)) as unknown as { rows: Record<string, number>[] }).rows;
/** A content of `site` waiting at the member's step; the task's id. */
async function reviewTask(site: number, contentId: number): Promise<number> {
  if (!reviewVersion) {
    const [model] = await rowsOf(sql`insert into wf_model (model_key, name, version) values ('matrix_review', 'Matrix review', 1) returning model_id`);
    [{ version_id: reviewVersion }] = (await rowsOf(sql`insert into wf_model_version (model_id, version, xml, deploy_by) values (${model!.model_id}, 1, ${REVIEW_XML}, 'admin') returning version_id`)) as [{ version_id: number }];
  }
  await ts.database.db.update(cmsContent).set({ status: '10' }).where(eq(cmsContent.contentId, contentId));
  const [instance] = await rowsOf(sql`insert into wf_instance (site_id, content_id, version_id, status, prior_status, node, submitter) values (${site}, ${contentId}, ${reviewVersion}, 'running', '0', 'Check', 'admin') returning instance_id`);
  const [task] = await rowsOf(sql`insert into wf_task (instance_id, site_id, content_id, node, step, candidate_users, submitter, status) values (${instance!.instance_id}, ${site}, ${contentId}, 'Check', 'Alpha check', array['member'], 'admin', 'pending') returning task_id`);
  return task!.task_id!;
}

const A = () => fx.A;
const B = () => fx.B;
const onA = () => ({ site: fx.A.site });

const live = async (contentId: number) => (await ts.database.db.select().from(cmsContent).where(eq(cmsContent.contentId, contentId)))[0]!;
const bookChapters = async (contentId: number) =>
  (await ts.database.db.select({ id: cmsBookChapter.chapterId }).from(cmsBookChapter).where(eq(cmsBookChapter.contentId, contentId)).orderBy(asc(cmsBookChapter.sortFlag))).map((c) => c.id);

/** A batch action on contents: fresh contents of Alpha in scope, Zeta's story out of it (what it needs, its route declares). */
const contentBatch = (path: string, make: () => Promise<number> = () => fresh.content(), outsider = () => B().story) => ({
  call: async (): Promise<Call> => post(path, { contentIds: [await make()] }, onA()),
  forged: () => [refused(post(path, { contentIds: [outsider()] }, onA())), refused(post(path, [outsider()], onA()))],
  mixed: async () => post(path, { contentIds: [await make(), outsider()] }, onA()),
});

/** A settings tab: read with View, saved with Edit, always the current site's (a siteId sent along is ignored). */
const settingsEntries = Object.fromEntries(SETTINGS_GROUPS.flatMap((group) => [
  [`GET /cms/setting/${group}`, { needs: ['Site.View'], call: () => get(`/cms/setting/${group}`, {}, onA()), forged: () => [harmless(get(`/cms/setting/${group}`, { siteId: String(B().site) }, onA()))] }],
  [`POST /cms/setting/${group}`, { call: () => post(`/cms/setting/${group}`, {}, onA()), forged: () => [harmless(post(`/cms/setting/${group}`, { siteId: B().site }, onA()))] }],
])) as Table<Fx, Need>;

/**
 * A site-scoped resource of the resource pattern and its ChestnutCMS paths: the current site's rows
 * only, a siteId sent along ignored, another site's row refused by id.
 */
function crudEntries(api: string, id: string, row: (s: SiteRows) => number, make: () => Promise<number>, body: () => Record<string, unknown>, shows: string): Table<Fx, Need> {
  const write = (method: 'POST' | 'PUT', path: string, mine: () => Record<string, unknown>) => ({
    call: () => (method === 'POST' ? post : put)(path, mine(), onA()),
    forged: () => method === 'POST' && !path.endsWith('/update')
      ? [harmless(post(path, { ...body(), siteId: B().site }, onA()))]
      : [refused((method === 'POST' ? post : put)(path, { [id]: row(B()), name: 'Taken' }, onA()))],
  });
  const remove = (method: 'DELETE' | 'POST', path: string) => ({
    call: async () => (method === 'DELETE' ? del : post)(path, [await make()], onA()),
    forged: () => [refused((method === 'DELETE' ? del : post)(path, [row(B())], onA()))],
    mixed: async () => (method === 'DELETE' ? del : post)(path, [await make(), row(B())], onA()),
  });
  return {
    [`GET ${api}/list`]: { call: () => get(`${api}/list`, {}, onA()), shows, forged: () => [harmless(get(`${api}/list`, { siteId: String(B().site) }, onA()))] },
    [`GET ${api}/:id`]: { call: () => get(`${api}/${row(A())}`, {}, onA()), shows, forged: () => [refused(get(`${api}/${row(B())}`, {}, onA()))] },
    [`POST ${api}`]: write('POST', api, body),
    [`POST ${api}/add`]: write('POST', `${api}/add`, body),
    [`PUT ${api}`]: write('PUT', api, () => ({ [id]: row(A()), name: shows })),
    [`POST ${api}/update`]: write('POST', `${api}/update`, () => ({ [id]: row(A()), name: shows })),
    [`DELETE ${api}`]: remove('DELETE', api),
    [`POST ${api}/delete`]: remove('POST', `${api}/delete`),
  } as Table<Fx, Need>;
}

/** A resource of no site (sensitive and error-prone words): its permission key alone decides, on every path. */
function globalWordEntries(api: string): Table<Fx, Need> {
  const why = 'one list for the installation, as in ChestnutCMS: no site, no grants';
  return Object.fromEntries(['GET /list', 'GET /:id', 'POST ', 'POST /add', 'PUT ', 'POST /update', 'DELETE ', 'POST /delete']
    .map((k) => { const [m, rest] = k.split(' '); return [`${m} ${api}${rest}`, { keyOnly: why }]; })) as Table<Fx, Need>;
}

/**
 * Page widget writes: the rights on each stored widget (its own grants, or the site's rights
 * covering its widgets) are the resource's row filters and the lifecycle's per-id check
 * (widget/grants.ts), applied inside the write; widget.test.ts walks them with a granted editor.
 */
function widgetRows(table: Table<Fx, Need>): Table<Fx, Need> {
  const why = 'rights on the stored widgets are row filters and per-id checks inside the write (widget/grants.ts), walked in widget.test.ts';
  return Object.fromEntries(Object.entries(table).map(([key, entry]) => [key, key.startsWith('GET ') || /^POST \/cms\/(pagewidget|adspace)(\/add)?$/.test(key) ? entry : { ...entry, declaresNothing: why }])) as Table<Fx, Need>;
}

const TABLE: Table<Fx, Need> = {
  // The Search Log screen: the current site's searched words and search logs (the resource pattern's site confinement).
  ...crudEntries('/search/word', 'wordId', (s) => s.searchWord, () => fresh.searchWord(), () => ({ word: `alpha word ${n()}` }), 'alpha word'),
  // A word's field is `word`, not the `name` crudEntries sends (an update naming no field of it would change nothing).
  'PUT /search/word': { call: () => put('/search/word', { wordId: A().searchWord, word: 'alpha word' }, onA()), forged: () => [refused(put('/search/word', { wordId: B().searchWord, word: 'taken' }, onA()))] },
  'POST /search/word/update': { call: () => post('/search/word/update', { wordId: A().searchWord, word: 'alpha word' }, onA()), forged: () => [refused(post('/search/word/update', { wordId: B().searchWord, word: 'taken' }, onA()))] },
  'GET /cms/search/word/list': { call: () => get('/cms/search/word/list', {}, onA()), shows: 'alpha word', forged: () => [harmless(get('/cms/search/word/list', { siteId: String(B().site) }, onA()))] },
  'POST /cms/search/word/add': { call: () => post('/cms/search/word/add', { word: `alpha word ${n()}` }, onA()), forged: () => [harmless(post('/cms/search/word/add', { word: `alpha word ${n()}`, siteId: B().site }, onA()))] },
  'POST /search/word/set_top': {
    call: async () => post('/search/word/set_top', { wordIds: [await fresh.searchWord()], topFlag: 2 }, onA()),
    forged: () => [refused(post('/search/word/set_top', { wordIds: [B().searchWord], topFlag: 2 }, onA()))],
    mixed: async () => post('/search/word/set_top', { wordIds: [await fresh.searchWord(), B().searchWord], topFlag: 2 }, onA()),
  },
  'POST /search/word/cancel_top': {
    call: async () => post('/search/word/cancel_top', [await fresh.searchWord()], onA()),
    forged: () => [refused(post('/search/word/cancel_top', [B().searchWord], onA()))],
    mixed: async () => post('/search/word/cancel_top', [await fresh.searchWord(), B().searchWord], onA()),
  },
  'GET /search/word/trend': { call: () => get('/search/word/trend', { wordId: String(A().searchWord) }, onA()), shows: 'alpha word', forged: () => [refused(get('/search/word/trend', { wordId: String(B().searchWord) }, onA()))] },
  'GET /search/log/list': { call: () => get('/search/log/list', {}, onA()), shows: 'alpha query', forged: () => [harmless(get('/search/log/list', { siteId: String(B().site) }, onA()))] },
  'GET /search/log': { call: () => get('/search/log', {}, onA()), shows: 'alpha query', forged: () => [harmless(get('/search/log', { siteId: String(B().site) }, onA()))] },
  // Site statistics (stat/routes.ts): the current site's aggregates; a forged siteId is ignored.
  ...Object.fromEntries(['/cms/stat/site/overview', '/cms/stat/site/trend', '/cms/stat/site/trend/export', '/cms/stat/site/:dim', '/cms/stat/site/:dim/export', '/cms/stat/contentStatByUser', '/cms/stat/contentDynamicData', '/cms/stat'].map((url) => {
    const path = url.replace(':dim', 'source');
    return [`GET ${url}`, { call: () => get(path, {}, onA()), forged: () => [harmless(get(path, { siteId: String(B().site) }, onA()))] }];
  })),
  'GET /cms/stat/contentStatByCatalog': { needs: ['Catalog.View'], call: () => get('/cms/stat/contentStatByCatalog', {}, onA()), shows: 'Alpha world', forged: () => [harmless(get('/cms/stat/contentStatByCatalog', { siteId: String(B().site) }, onA()))] },
  'GET /cms/search/log': { call: () => get('/cms/search/log', {}, onA()), shows: 'alpha query', forged: () => [harmless(get('/cms/search/log', { siteId: String(B().site) }, onA()))] },
  'GET /search/log/:id': { call: () => get(`/search/log/${A().searchLog}`, {}, onA()), shows: 'alpha query', forged: () => [refused(get(`/search/log/${B().searchLog}`, {}, onA()))] },
  'DELETE /search/log': {
    call: async () => del('/search/log', [await fresh.searchLog()], onA()),
    forged: () => [refused(del('/search/log', [B().searchLog], onA()))],
    mixed: async () => del('/search/log', [await fresh.searchLog(), B().searchLog], onA()),
  },
  'POST /search/log/delete': {
    call: async () => post('/search/log/delete', [await fresh.searchLog()], onA()),
    forged: () => [refused(post('/search/log/delete', [B().searchLog], onA()))],
    mixed: async () => post('/search/log/delete', [await fresh.searchLog(), B().searchLog], onA()),
  },

  // The Comment screen: the current site's comments, batches checked against the stored rows' site.
  'GET /comment/list': { call: () => get('/comment/list', {}, onA()), shows: 'alpha comment', forged: () => [harmless(get('/comment/list', { siteId: String(B().site) }, onA()))] },
  'GET /comment/:id': { call: () => get(`/comment/${A().comment}`, {}, onA()), shows: 'alpha comment', forged: () => [refused(get(`/comment/${B().comment}`, {}, onA()))] },
  'GET /comment/reply/:commentId': { call: () => get(`/comment/reply/${A().comment}`, {}, onA()), forged: () => [refused(get(`/comment/reply/${B().comment}`, {}, onA()))] },
  'GET /comment/like/:commentId': { call: () => get(`/comment/like/${A().comment}`, {}, onA()), forged: () => [refused(get(`/comment/like/${B().comment}`, {}, onA()))] },
  'POST /comment/audit': {
    call: async () => post('/comment/audit', { commentIds: [await fresh.comment()], auditStatus: '1' }, onA()),
    forged: () => [refused(post('/comment/audit', { commentIds: [B().comment], auditStatus: '1' }, onA()))],
    mixed: async () => post('/comment/audit', { commentIds: [await fresh.comment(), B().comment], auditStatus: '1' }, onA()),
  },
  ...Object.fromEntries(([['DELETE', '/comment'], ['POST', '/comment/delete'], ['POST', '/comment/recover']] as const).map(([method, path]) => {
    const verb = method === 'DELETE' ? del : post;
    return [`${method} ${path}`, {
      call: async () => verb(path, [await fresh.comment()], onA()),
      forged: () => [refused(verb(path, [B().comment], onA()))],
      mixed: async () => verb(path, [await fresh.comment(), B().comment], onA()),
    }];
  })),
  // Friend links: the current site's groups and links (the resource pattern's site confinement).
  ...crudEntries('/cms/link_group', 'linkGroupId', (s) => s.linkGroup, () => fresh.linkGroup(), () => ({ name: `Alpha links ${n()}`, code: `ml${serial}` }), 'Alpha links'),
  ...crudEntries('/cms/link', 'linkId', (s) => s.link, () => fresh.link(), () => ({ groupId: A().linkGroup, name: `Alpha link ${n()}`, url: 'https://alpha.example.com/' }), 'Alpha link'),
  // Votes (issue 31): the current site's votes and their subjects (the resource pattern's site
  // confinement); a vote's results, another site's vote refused by id. A vote's field is `title`.
  ...crudEntries('/vote', 'voteId', (s) => s.vote, () => fresh.vote(), () => ({ title: `Alpha vote ${n()}`, code: `mv${serial}` }), 'Alpha vote'),
  'PUT /vote': { call: () => put('/vote', { voteId: A().vote, title: 'Alpha vote' }, onA()), forged: () => [refused(put('/vote', { voteId: B().vote, title: 'Taken' }, onA()))] },
  'POST /vote/update': { call: () => post('/vote/update', { voteId: A().vote, title: 'Alpha vote' }, onA()), forged: () => [refused(post('/vote/update', { voteId: B().vote, title: 'Taken' }, onA()))] },
  ...crudEntries('/vote/subject', 'subjectId', (s) => s.voteSubject, () => fresh.voteSubject(), () => ({ voteId: A().vote, title: `Alpha subject ${n()}`, type: 'radio', itemLines: 'alpha yes' }), 'Alpha subject'),
  'POST /vote/subject': {
    call: () => post('/vote/subject', { voteId: A().vote, title: `Alpha subject ${n()}`, type: 'radio', itemLines: 'alpha yes' }, onA()),
    forged: () => [refused(post('/vote/subject', { voteId: B().vote, title: `Alpha subject ${n()}`, type: 'radio', itemLines: 'alpha yes' }, onA()))],
  },
  'POST /vote/subject/add': {
    call: () => post('/vote/subject/add', { voteId: A().vote, title: `Alpha subject ${n()}`, type: 'radio', itemLines: 'alpha yes' }, onA()),
    forged: () => [refused(post('/vote/subject/add', { voteId: B().vote, title: `Alpha subject ${n()}`, type: 'radio', itemLines: 'alpha yes' }, onA()))],
  },
  'PUT /vote/subject': { call: () => put('/vote/subject', { subjectId: A().voteSubject, title: 'Alpha subject', itemLines: 'alpha yes\nalpha no' }, onA()), forged: () => [refused(put('/vote/subject', { subjectId: B().voteSubject, title: 'Taken', itemLines: 'taken' }, onA()))] },
  'POST /vote/subject/update': { call: () => post('/vote/subject/update', { subjectId: A().voteSubject, title: 'Alpha subject' }, onA()), forged: () => [refused(post('/vote/subject/update', { subjectId: B().voteSubject, title: 'Taken' }, onA()))] },
  'GET /vote/result/:voteId': { call: () => get(`/vote/result/${A().vote}`, {}, onA()), shows: 'alpha answer', forged: () => [refused(get(`/vote/result/${B().vote}`, {}, onA()))] },
  // Words (issue 30): tag and hot words of the current site in its groups; sensitive and
  // error-prone words belong to no site (one list for the installation, as in ChestnutCMS).
  ...crudEntries('/word/tagword/group', 'groupId', (s) => s.tagGroup, () => fresh.tagGroup(), () => ({ name: `Alpha tags ${n()}`, code: `mt${serial}` }), 'Alpha tags'),
  ...crudEntries('/word/tagword', 'wordId', (s) => s.tagWord, () => fresh.tagWord(), () => ({ groupId: A().tagGroup, word: `Alpha tag ${n()}` }), 'Alpha tag'),
  ...crudEntries('/word/hotword/group', 'groupId', (s) => s.hotGroup, () => fresh.hotGroup(), () => ({ name: `Alpha hot ${n()}`, code: `mh${serial}` }), 'Alpha hot'),
  ...crudEntries('/word/hotword', 'wordId', (s) => s.hotWord, () => fresh.hotWord(), () => ({ groupId: A().hotGroup, word: `Alpha hot ${n()}`, url: '/alpha.html' }), 'Alpha hot'),
  'GET /word/tagword/group/treedata': { call: () => get('/word/tagword/group/treedata', {}, onA()), shows: 'Alpha tags', forged: () => [harmless(get('/word/tagword/group/treedata', { siteId: String(B().site) }, onA()))] },
  'GET /word/tagword/group/data/:groupId': { call: () => get(`/word/tagword/group/data/${A().tagGroup}`, {}, onA()), shows: 'Alpha tags', forged: () => [refused(get(`/word/tagword/group/data/${B().tagGroup}`, {}, onA()))] },
  'GET /word/tagword/suggest': { call: () => get('/word/tagword/suggest', { query: 'tag' }, onA()), shows: 'Alpha tag', forged: () => [harmless(get('/word/tagword/suggest', { query: 'tag', siteId: String(B().site) }, onA()))] },
  'POST /word/tagword/batchAdd': {
    call: () => post('/word/tagword/batchAdd', { groupId: A().tagGroup, words: `Alpha batch ${n()}` }, onA()),
    forged: () => [refused(post('/word/tagword/batchAdd', { groupId: B().tagGroup, words: 'Forged' }, onA()))],
  },
  'GET /word/hotword/group/options': { call: () => get('/word/hotword/group/options', {}, onA()), shows: 'Alpha hot', forged: () => [harmless(get('/word/hotword/group/options', { siteId: String(B().site) }, onA()))] },
  'GET /word/hotword/group/treedata': { call: () => get('/word/hotword/group/treedata', {}, onA()), shows: 'Alpha hot', forged: () => [harmless(get('/word/hotword/group/treedata', { siteId: String(B().site) }, onA()))] },
  ...globalWordEntries('/word/sensitiveword'),
  ...globalWordEntries('/word/errorproneword'),
  // Members, levels and exp rules: one list for the installation, as in ChestnutCMS (no site, no grants).
  ...globalWordEntries('/member'),
  ...globalWordEntries('/member/levelConfig'),
  ...globalWordEntries('/member/expConfig'),
  ...Object.fromEntries([
    'GET /member/detail/:id', 'GET /member/levelConfig/detail/:id', 'GET /member/expConfig/detail/:id', 'POST /member/list',
    'PUT /member/changeStatus', 'POST /member/resetPassword', 'GET /member/levelConfig/types', 'GET /member/expConfig/types',
  ].map((k) => [k, { keyOnly: 'members are one list for the installation, as in ChestnutCMS: the permission key alone decides' }])) as Table<Fx, Need>,

  // Extension models and their fields: the current site's (the resource pattern's site confinement).
  ...crudEntries('/cms/exmodel', 'modelId', (s) => s.xmodel, () => fresh.xmodel(), () => ({ name: `Alpha model ${n()}`, code: `mxm${serial}`, bindTo: 'form' }), 'Alpha model'),
  ...crudEntries('/xmodel/field', 'fieldId', (s) => s.xfield, () => fresh.xfield(), () => ({ modelId: A().xmodel, label: `Alpha field ${n()}`, code: `mxf${serial}`, fieldType: 'text' }), 'Alpha field'),
  // The Form Builder's saves: a stored model of the current site (a fresh one: its fields are replaced),
  // a field id of the model only; a new model or custom form goes to the current site.
  'PUT /cms/exmodel/design': {
    call: async () => put('/cms/exmodel/design', { modelId: await fresh.xmodel(), fields: [{ label: 'Alpha field', code: `mxd${n()}`, fieldType: 'text' }] }, onA()),
    forged: async () => [
      refused(put('/cms/exmodel/design', { modelId: B().xmodel, fields: [] }, onA())),
      refused(put('/cms/exmodel/design', { modelId: await fresh.xmodel(), fields: [{ fieldId: B().xfield, label: 'Taken', code: 'note', fieldType: 'text' }] }, onA())),
    ],
  },
  'POST /cms/exmodel/design': {
    call: () => post('/cms/exmodel/design', { model: { name: `Alpha model ${n()}`, code: `mxn${serial}`, bindTo: 'form' }, fields: [{ label: 'Alpha field', code: 'q', fieldType: 'text' }] }, onA()),
    forged: () => [harmless(post('/cms/exmodel/design', { model: { name: `Alpha model ${n()}`, code: `mxs${serial}`, bindTo: 'form', siteId: B().site }, fields: [] }, onA()))],
  },
  'POST /cms/customform/design': {
    call: () => post('/cms/customform/design', { model: { name: `Alpha form ${n()}`, code: `mfd${serial}` }, fields: [{ label: 'Alpha field', code: 'q', fieldType: 'text' }] }, onA()),
    forged: () => [harmless(post('/cms/customform/design', { model: { name: `Alpha form ${n()}`, code: `mfs${serial}`, siteId: B().site, modelId: B().formModel }, fields: [] }, onA()))],
  },
  // The Extend tabs: the current site, a catalog or a content of it, held to the stored row's grants.
  // A new content's tab: held to View on the catalog it is written in (the stored catalog of the current site).
  'GET /cms/exmodel/data/blank': {
    call: () => get('/cms/exmodel/data/blank', { catalogId: String(A().news), contentType: 'article' }, onA()),
    shows: 'Alpha field',
    forged: () => [refused(get('/cms/exmodel/data/blank', { catalogId: String(B().news), contentType: 'article' }, onA())), harmless(get('/cms/exmodel/data/blank', { catalogId: String(A().news), contentType: 'article', siteId: String(B().site) }, onA()))],
  },
  'GET /cms/exmodel/data/searchable': { call: () => get('/cms/exmodel/data/searchable', {}, onA()), forged: () => [harmless(get('/cms/exmodel/data/searchable', { siteId: String(B().site) }, onA()))] },
  'GET /cms/exmodel/data/site': { call: () => get('/cms/exmodel/data/site', {}, onA()), forged: () => [harmless(get('/cms/exmodel/data/site', { siteId: String(B().site) }, onA()))] },
  'PUT /cms/exmodel/data/site': { call: () => put('/cms/exmodel/data/site', {}, onA()), forged: () => [harmless(put('/cms/exmodel/data/site', { siteId: B().site }, onA()))] },
  'GET /cms/exmodel/data/catalog/:id': { call: () => get(`/cms/exmodel/data/catalog/${A().news}`, {}, onA()), forged: () => [refused(get(`/cms/exmodel/data/catalog/${B().news}`, {}, onA()))] },
  'PUT /cms/exmodel/data/catalog/:id': { call: () => put(`/cms/exmodel/data/catalog/${A().news}`, {}, onA()), forged: () => [refused(put(`/cms/exmodel/data/catalog/${B().news}`, {}, onA()))] },
  'GET /cms/exmodel/data/content/:id': { call: () => get(`/cms/exmodel/data/content/${A().story}`, {}, onA()), shows: 'alpha note', forged: () => [refused(get(`/cms/exmodel/data/content/${B().story}`, {}, onA()))] },
  'PUT /cms/exmodel/data/content/:id': { call: () => put(`/cms/exmodel/data/content/${A().story}`, { note: 'alpha note' }, onA()), forged: () => [refused(put(`/cms/exmodel/data/content/${B().story}`, { note: 'taken' }, onA()))] },

  // Custom forms of the current site, their publishing and their entries; a reader's calls take no session.
  ...crudEntries('/cms/customform', 'formId', (s) => s.form, () => fresh.form(), () => ({ name: `Alpha form ${n()}`, code: `mfm${serial}`, modelId: A().formModel }), 'Alpha form'),
  ...Object.fromEntries((['publish', 'offline'] as const).map((action) => [`POST /cms/customform/${action}`, {
    call: async () => post(`/cms/customform/${action}`, [await fresh.form()], onA()),
    forged: () => [refused(post(`/cms/customform/${action}`, [B().form], onA()))],
    mixed: async () => post(`/cms/customform/${action}`, [await fresh.form(), B().form], onA()),
  }])),
  'GET /cms/customform/data/list': {
    call: () => get('/cms/customform/data/list', { formId: String(A().form) }, onA()), shows: 'alpha answer',
    forged: () => [refused(get('/cms/customform/data/list', { formId: String(B().form) }, onA()))],
  },
  'GET /cms/customform/data/detail': {
    call: () => get('/cms/customform/data/detail', { formId: String(A().form), dataId: String(A().entry) }, onA()), shows: 'alpha answer',
    forged: () => [refused(get('/cms/customform/data/detail', { formId: String(B().form), dataId: String(B().entry) }, onA())), refused(get('/cms/customform/data/detail', { formId: String(A().form), dataId: String(B().entry) }, onA()))],
  },
  'POST /cms/customform/data/export': {
    declaresNothing: 'a read (an export is a POST, as ChestnutCMS\'s are): the form named must be the current site\'s',
    call: () => ({ ...post('/cms/customform/data/export', undefined, onA()), query: { formId: String(A().form) } }), shows: 'alpha answer',
    forged: () => [refused({ ...post('/cms/customform/data/export', undefined, onA()), query: { formId: String(B().form) } })],
  },
  'POST /cms/customform/data/list': {
    declaresNothing: 'a read (the entries screen\'s export, a POST as ChestnutCMS\'s are): the form named must be the current site\'s',
    call: () => ({ ...post('/cms/customform/data/list', { formId: String(A().form) }, onA()), headers: { 'cc-export': '1' } }), shows: 'alpha answer',
    forged: () => [refused({ ...post('/cms/customform/data/list', { formId: String(B().form) }, onA()), headers: { 'cc-export': '1' } })],
  },
  'DELETE /cms/customform/data': {
    call: async () => del('/cms/customform/data', [await fresh.entry()], onA()),
    forged: () => [refused(del('/cms/customform/data', [B().entry], onA()))],
    mixed: async () => del('/cms/customform/data', [await fresh.entry(), B().entry], onA()),
  },
  'POST /cms/customform/data/delete': {
    call: async () => post('/cms/customform/data/delete', { formId: A().form, ids: [await fresh.entry()] }, onA()),
    forged: () => [refused(post('/cms/customform/data/delete', { formId: B().form, ids: [B().entry] }, onA())), refused(post('/cms/customform/data/delete', { formId: A().form, ids: [B().entry] }, onA()))],
    mixed: async () => post('/cms/customform/data/delete', { formId: A().form, ids: [await fresh.entry(), B().entry] }, onA()),
  },
  // The Mailbox: the current site's messages only; reviewing and answering need the Review key and Edit on the site.
  'GET /cms/mailbox/list': { call: () => get('/cms/mailbox/list', {}, onA()), shows: 'alpha message', forged: () => [harmless(get('/cms/mailbox/list', { siteId: String(B().site) }, onA()))] },
  'GET /cms/mailbox/:id': { call: () => get(`/cms/mailbox/${A().mail}`, {}, onA()), shows: 'alpha message', forged: () => [refused(get(`/cms/mailbox/${B().mail}`, {}, onA()))] },
  'DELETE /cms/mailbox': {
    call: async () => del('/cms/mailbox', [await fresh.mail()], onA()),
    forged: () => [refused(del('/cms/mailbox', [B().mail], onA()))],
    mixed: async () => del('/cms/mailbox', [await fresh.mail(), B().mail], onA()),
  },
  'PUT /cms/mailbox/review': {
    call: async () => put('/cms/mailbox/review', { mailboxIds: [await fresh.mail()], reviewStatus: '1' }, onA()),
    forged: () => [refused(put('/cms/mailbox/review', { mailboxIds: [B().mail], reviewStatus: '1' }, onA()))],
    mixed: async () => put('/cms/mailbox/review', { mailboxIds: [await fresh.mail(), B().mail], reviewStatus: '1' }, onA()),
  },
  'POST /cms/mailbox/reply': {
    // Alpha's fresh messages have an address: the reply goes to the local SMTP server.
    call: async () => post('/cms/mailbox/reply', { mailboxId: await fresh.mail(), content: 'alpha reply' }, onA()),
    forged: () => [refused(post('/cms/mailbox/reply', { mailboxId: B().mail, content: 'taken' }, onA()))],
  },
  // Message pushers: the current site's pushers and deliveries only; a test send and a retry name stored rows of the current site.
  'GET /cms/pusher/list': { call: () => get('/cms/pusher/list', {}, onA()), shows: 'Alpha pusher', forged: () => [harmless(get('/cms/pusher/list', { siteId: String(B().site) }, onA()))] },
  'GET /cms/pusher/:id': { call: () => get(`/cms/pusher/${A().pusher}`, {}, onA()), shows: 'Alpha pusher', forged: () => [refused(get(`/cms/pusher/${B().pusher}`, {}, onA()))] },
  'POST /cms/pusher': {
    call: () => post('/cms/pusher', { name: `Alpha pusher ${n()}`, type: 'EMAIL', config: pusherMail('alpha') }, onA()),
    forged: () => [harmless(post('/cms/pusher', { name: `Alpha pusher ${n()}`, type: 'EMAIL', config: pusherMail('alpha'), siteId: B().site }, onA()))],
  },
  'PUT /cms/pusher': { call: () => put('/cms/pusher', { pusherId: A().pusher, name: 'Alpha pusher' }, onA()), forged: () => [refused(put('/cms/pusher', { pusherId: B().pusher, name: 'Taken' }, onA()))] },
  'DELETE /cms/pusher': {
    call: async () => del('/cms/pusher', [await fresh.pusher()], onA()),
    forged: () => [refused(del('/cms/pusher', [B().pusher], onA()))],
    mixed: async () => del('/cms/pusher', [await fresh.pusher(), B().pusher], onA()),
  },
  'PUT /cms/pusher/changeStatus': { call: () => put('/cms/pusher/changeStatus', { pusherId: A().pusher, status: '0' }, onA()), forged: () => [refused(put('/cms/pusher/changeStatus', { pusherId: B().pusher, status: '1' }, onA()))] },
  // Alpha's pusher mails the local SMTP server.
  'POST /cms/pusher/:id/test': { call: () => post(`/cms/pusher/${A().pusher}/test`, {}, onA()), forged: () => [refused(post(`/cms/pusher/${B().pusher}/test`, {}, onA()))] },
  'GET /cms/pusher/delivery/list': { call: () => get('/cms/pusher/delivery/list', {}, onA()), shows: 'Alpha pusher', forged: () => [harmless(get('/cms/pusher/delivery/list', { siteId: String(B().site) }, onA()))] },
  'GET /cms/pusher/delivery/:id': { call: () => get(`/cms/pusher/delivery/${A().delivery}`, {}, onA()), shows: 'alpha page', forged: () => [refused(get(`/cms/pusher/delivery/${B().delivery}`, {}, onA()))] },
  'PUT /cms/pusher/delivery/:id/retry': {
    call: async () => put(`/cms/pusher/delivery/${await fresh.delivery()}/retry`, {}, onA()),
    forged: () => [refused(put(`/cms/pusher/delivery/${B().delivery}/retry`, {}, onA()))],
  },
  'GET /api/customform/captcha': { open: 'a reader\'s captcha for a published form of the site named (no session read, throttled per address)' },
  'POST /api/customform/submit': { open: 'a reader\'s submission of a published form of the site named (no session read, throttled per address)' },
  // Page widgets, ad spaces and ads: the current site's rows only; publish and offline name stored widgets of the current site.
  ...widgetRows(crudEntries('/cms/pagewidget', 'pageWidgetId', (s) => s.widget, () => fresh.widget(), () => ({ type: 'manual', name: `Alpha widget ${n()}`, code: `mw${serial}` }), 'Alpha widget')),
  ...widgetRows(crudEntries('/cms/adspace', 'pageWidgetId', (s) => s.adSpace, () => fresh.adSpace(), () => ({ name: `Alpha ads ${n()}`, code: `ma${serial}` }), 'Alpha ads')),
  ...widgetRows(crudEntries('/cms/advertisement', 'advertisementId', (s) => s.ad, () => fresh.ad(), () => ({ adSpaceId: A().adSpace, type: 'text', name: `Alpha ad ${n()}`, redirectUrl: 'https://alpha.example.com/' }), 'Alpha ad')),
  ...Object.fromEntries(([['/cms/pagewidget', (s: SiteRows) => s.widget, 'Alpha widget'], ['/cms/adspace', (s: SiteRows) => s.adSpace, 'Alpha ads'], ['/cms/advertisement', (s: SiteRows) => s.ad, 'Alpha ad']] as const).map(([api, row, shows]) => [
    `GET ${api}/detail/:id`, { call: () => get(`${api}/detail/${row(A())}`, {}, onA()), shows, forged: () => [refused(get(`${api}/detail/${row(B())}`, {}, onA()))] },
  ])) as Table<Fx, Need>,
  ...widgetRows(Object.fromEntries((['/cms/pagewidget', '/cms/adspace'] as const).flatMap((api) => (['publish', 'offline'] as const).map((action) => [`POST ${api}/${action}`, {
    call: async () => post(`${api}/${action}`, [api === '/cms/adspace' ? await fresh.adSpace() : await fresh.widget()], onA()),
    forged: () => [refused(post(`${api}/${action}`, [api === '/cms/adspace' ? B().adSpace : B().widget], onA()))],
    mixed: async () => post(`${api}/${action}`, [api === '/cms/adspace' ? await fresh.adSpace() : await fresh.widget(), api === '/cms/adspace' ? B().adSpace : B().widget], onA()),
  }]))) as Table<Fx, Need>),
  'GET /cms/pagewidget/types': { needs: ['Site.View'], call: () => get('/cms/pagewidget/types', {}, onA()), check: (r) => expect(r.data.rows.map((t: { id: string }) => t.id)).toEqual(['manual', 'ads']) },
  'GET /cms/ad/stat': { needs: ['Site.View'], call: () => get('/cms/ad/stat', {}, onA()), shows: 'Alpha ad', forged: () => [harmless(get('/cms/ad/stat', { adSpaceId: String(B().adSpace) }, onA()))] },
  'GET /cms/ad/stat/chart': { needs: ['Site.View'], call: () => get('/cms/ad/stat/chart', { advertisementId: String(A().ad) }, onA()), forged: () => [harmless(get('/cms/ad/stat/chart', { advertisementId: String(B().ad) }, onA()))] },

  // Sites: each row guarded by the member's grants on it (View to see, Edit to change, Delete to delete).
  'GET /cms/site/list': { needs: ['Site.View'], call: () => get('/cms/site/list'), shows: 'Alpha', forged: () => [harmless(get('/cms/site/list', { siteName: 'Zeta' }))] },
  'POST /cms/site': { call: () => post('/cms/site', { name: `Member site ${n()}`, path: `membersite${serial}` }) },
  'DELETE /cms/site': {
    needs: ['Site.Delete'],
    call: async () => del('/cms/site', [await fresh.site()]),
    forged: () => [refused(del('/cms/site', [B().site]))],
    mixed: async () => del('/cms/site', [await fresh.site(), B().site]),
  },
  'GET /cms/site/:id': { call: () => get(`/cms/site/${A().site}`), shows: 'Alpha', forged: () => [refused(get(`/cms/site/${B().site}`))] },
  'PUT /cms/site': {
    call: () => put('/cms/site', { siteId: A().site, name: 'Alpha' }),
    forged: () => [refused(put('/cms/site', { siteId: B().site, name: 'Taken' })), refused(put('/cms/site', { siteId: B().site, publishPipeDatas: [{ pipeCode: 'pc', props: {} }] }))],
  },
  'DELETE /cms/site/:id': { needs: ['Site.Delete'], call: async () => del(`/cms/site/${await fresh.site()}`), forged: () => [refused(del(`/cms/site/${B().site}`))] },
  // A site's tabs may name the site (the site list edits any site one may view): the member may
  // not view Zeta; an administrator may, so only the member's forged call counts.
  'GET /cms/site/extends': { call: () => get('/cms/site/extends', {}, onA()), shows: 'Alpha short', forged: () => [harmless(get('/cms/site/extends', { siteId: String(B().site) }, onA()), { memberOnly: true })] },
  'POST /cms/site/extends/:siteId': {
    call: () => post(`/cms/site/extends/${A().site}`, { ShortTitleLabel: 'Alpha short' }),
    forged: () => [refused(post(`/cms/site/extends/${B().site}`, { ShortTitleLabel: 'Taken' }))],
  },
  'GET /cms/site/default_template': { call: () => get('/cms/site/default_template', {}, onA()), shows: 'alpha_list', forged: () => [harmless(get('/cms/site/default_template', { siteId: String(B().site) }, onA()), { memberOnly: true })] },
  'POST /cms/site/default_template': {
    call: () => post('/cms/site/default_template', { publishPipeProps: [{ pipeCode: 'pc', props: { defaultListTemplate: 'alpha_list.template.html' } }] }, onA()),
    forged: () => [harmless(post('/cms/site/default_template', { siteId: B().site, publishPipeProps: [{ pipeCode: 'pc', props: { defaultListTemplate: 'taken.html' } }] }, onA()), { memberOnly: true })],
  },
  'GET /cms/site/prop/list': { call: () => get('/cms/site/prop/list', {}, onA()), shows: 'Alpha prop', forged: () => [harmless(get('/cms/site/prop/list', { siteId: String(B().site), propName: 'Zeta' }, onA()))] },
  'GET /cms/site/prop/:id': { call: () => get(`/cms/site/prop/${A().prop}`, {}, onA()), shows: 'Alpha prop', forged: () => [refused(get(`/cms/site/prop/${B().prop}`, {}, onA()))] },
  'POST /cms/site/prop': {
    call: () => post('/cms/site/prop', { propName: `Alpha prop ${n()}`, propCode: `alpha_code_${serial}` }, onA()),
    forged: () => [harmless(post('/cms/site/prop', { propName: 'Forged', propCode: `forged_${n()}`, siteId: B().site }, onA()))],
  },
  'PUT /cms/site/prop': {
    call: () => put('/cms/site/prop', { propertyId: A().prop, propName: 'Alpha prop' }, onA()),
    forged: () => [refused(put('/cms/site/prop', { propertyId: B().prop, propName: 'Taken' }, onA())), harmless(put('/cms/site/prop', { propertyId: A().prop, siteId: B().site }, onA()))],
  },
  'DELETE /cms/site/prop': {
    call: async () => del('/cms/site/prop', [await fresh.prop()], onA()),
    forged: () => [refused(del('/cms/site/prop', [B().prop], onA()))],
    mixed: async () => del('/cms/site/prop', [await fresh.prop(), B().prop], onA()),
  },
  'GET /cms/site/getCurrentSite': {
    // Asked for a site they may not view, the member gets their first viewable one instead.
    call: () => get('/cms/site/getCurrentSite', {}, { site: B().site }),
    check: (r) => expect(r.data.siteId).toBe(A().site),
  },
  'POST /cms/site/setCurrentSite/:siteId': { needs: ['Site.View'], call: () => post(`/cms/site/setCurrentSite/${A().site}`), forged: () => [refused(post(`/cms/site/setCurrentSite/${B().site}`))] },

  // Publish pipes: the current site's; changing them is editing the site.
  'GET /cms/publishpipe/list': { call: () => get('/cms/publishpipe/list', {}, onA()), shows: 'Alpha pipe', forged: () => [harmless(get('/cms/publishpipe/list', { siteId: String(B().site) }, onA()))] },
  'GET /cms/publishpipe/:id': { call: () => get(`/cms/publishpipe/${A().pipe}`, {}, onA()), shows: 'Alpha pipe', forged: () => [refused(get(`/cms/publishpipe/${B().pipe}`, {}, onA()))] },
  'POST /cms/publishpipe': {
    call: () => post('/cms/publishpipe', { name: `Alpha pipe ${n()}`, code: `mp${serial}` }, onA()),
    forged: () => [harmless(post('/cms/publishpipe', { name: 'Forged', code: `fp${n()}`, siteId: B().site }, onA()))],
  },
  'PUT /cms/publishpipe': {
    call: () => put('/cms/publishpipe', { pipeId: A().pipe, name: 'Alpha pipe' }, onA()),
    forged: () => [refused(put('/cms/publishpipe', { pipeId: B().pipe, name: 'Taken' }, onA())), harmless(put('/cms/publishpipe', { pipeId: A().pipe, siteId: B().site }, onA()))],
  },
  'DELETE /cms/publishpipe': {
    call: async () => del('/cms/publishpipe', [await fresh.pipe()], onA()),
    forged: () => [refused(del('/cms/publishpipe', [B().pipe], onA()))],
    mixed: async () => del('/cms/publishpipe', [await fresh.pipe(), B().pipe], onA()),
  },
  'PUT /cms/publishpipe/changeStatus': {
    call: () => put('/cms/publishpipe/changeStatus', { pipeId: A().pipe, status: '0' }, onA()),
    forged: () => [refused(put('/cms/publishpipe/changeStatus', { pipeId: B().pipe, status: '1' }, onA()))],
  },
  'GET /cms/publishpipe/selectData': { call: () => get('/cms/publishpipe/selectData', {}, onA()), shows: 'Alpha pipe', forged: () => [harmless(get('/cms/publishpipe/selectData', { siteId: String(B().site) }, onA()))] },

  // Custom dynamic pages: the current site's (an id of another site reads as "not found", a batch
  // with one is refused whole); changing them is editing the site. ChestnutCMS's paths answer alike.
  'GET /cms/dynamic_page/list': { call: () => get('/cms/dynamic_page/list', {}, onA()), shows: 'Alpha dynamic page', forged: () => [harmless(get('/cms/dynamic_page/list', { siteId: String(B().site) }, onA()))] },
  'GET /cms/dynamic_page/:id': { call: () => get(`/cms/dynamic_page/${A().dynamic}`, {}, onA()), shows: 'Alpha dynamic page', forged: () => [refused(get(`/cms/dynamic_page/${B().dynamic}`, {}, onA()))] },
  'GET /cms/dynamic_page/detail/:id': { call: () => get(`/cms/dynamic_page/detail/${A().dynamic}`, {}, onA()), shows: 'Alpha dynamic page', forged: () => [refused(get(`/cms/dynamic_page/detail/${B().dynamic}`, {}, onA()))] },
  'GET /cms/dynamic_page/init_data_types': { call: () => get('/cms/dynamic_page/init_data_types', {}, onA()), check: (r) => expect(r.data.map((d: { type: string }) => d.type)).toEqual(['Catalog', 'Content']) },
  ...Object.fromEntries(['/cms/dynamic_page', '/cms/dynamic_page/add'].map((url) => [`POST ${url}`, {
    call: () => post(url, { name: `Alpha page ${n()}`, code: `member_page_${serial}`, path: `member/page${serial}`, templates: { pc: 'alpha_page.template.html' } }, onA()),
    // Another site's id in the body is not read; a template of the other site is not found in this one.
    forged: () => [
      harmless(post(url, { name: 'Forged', code: `forged_${n()}`, path: `forged/p${serial}`, siteId: B().site }, onA())),
      refused(post(url, { name: 'Forged', code: `forged_${n()}`, path: `forged/p${serial}`, templates: { pc: 'other_page.template.html' } }, onA())),
    ],
  }])),
  'PUT /cms/dynamic_page': {
    call: () => put('/cms/dynamic_page', { pageId: A().dynamic, name: 'Alpha dynamic page' }, onA()),
    forged: () => [refused(put('/cms/dynamic_page', { pageId: B().dynamic, name: 'Taken' }, onA())), harmless(put('/cms/dynamic_page', { pageId: A().dynamic, siteId: B().site }, onA()))],
  },
  'POST /cms/dynamic_page/update': {
    call: () => post('/cms/dynamic_page/update', { pageId: A().dynamic, name: 'Alpha dynamic page' }, onA()),
    forged: () => [refused(post('/cms/dynamic_page/update', { pageId: B().dynamic, name: 'Taken' }, onA())), harmless(post('/cms/dynamic_page/update', { pageId: A().dynamic, siteId: B().site }, onA()))],
  },
  'DELETE /cms/dynamic_page': {
    call: async () => del('/cms/dynamic_page', [await fresh.dynamicPage()], onA()),
    forged: () => [refused(del('/cms/dynamic_page', [B().dynamic], onA()))],
    mixed: async () => del('/cms/dynamic_page', [await fresh.dynamicPage(), B().dynamic], onA()),
  },
  'POST /cms/dynamic_page/delete': {
    call: async () => post('/cms/dynamic_page/delete', [await fresh.dynamicPage()], onA()),
    forged: () => [refused(post('/cms/dynamic_page/delete', [B().dynamic], onA()))],
    mixed: async () => post('/cms/dynamic_page/delete', [await fresh.dynamicPage(), B().dynamic], onA()),
  },

  // The publish queue: counted over the sites one may view, cleared on the current one with Publish.
  'GET /cms/publish/taskCount': {
    call: () => get('/cms/publish/taskCount'),
    async check(r) {
      const [mine] = await ts.database.db.select({ n: count() }).from(cmsPublishTask).where(and(inArray(cmsPublishTask.siteId, fx.memberSites), inArray(cmsPublishTask.status, ['READY', 'RUNNING'])));
      expect(r.data).toBe(Number(mine!.n));
    },
  },
  'DELETE /cms/publish/clear': { call: () => del('/cms/publish/clear', undefined, onA()), forged: () => [harmless(del('/cms/publish/clear', { siteId: B().site }, onA()))] },
  // Publishing: the site is the checked current one (a body naming another is refused), a catalog
  // is checked for Publish where it is stored, a template's pages are the current site's.
  'POST /cms/site/publish': {
    call: () => post('/cms/site/publish', { siteId: A().site, publishIndex: true }, onA()),
    forged: () => [refused(post('/cms/site/publish', { siteId: B().site }, onA()))],
  },
  'POST /cms/catalog/publish': {
    // With its contents: their pages are queued as one task per catalog (enqueueCatalogContents), in the route's transaction.
    call: () => post('/cms/catalog/publish', { catalogId: A().world, publishDetail: true }, onA()),
    forged: () => [refused(post('/cms/catalog/publish', { catalogId: B().world, publishChild: true }, onA()))],
  },
  'POST /cms/publish/template': {
    call: () => post('/cms/publish/template', { pipeCode: 'pc', path: 'alpha_page.template.html' }, onA()),
    forged: () => [harmless(post('/cms/publish/template', { pipeCode: 'pc', path: 'alpha_page.template.html', siteId: B().site }, onA())), refused(post('/cms/publish/template', { pipeCode: 'pc', path: '../../zeta/template/pc/other_page.template.html' }, onA()))],
  },
  'GET /cms/publish/progress': { needs: ['Site.View'], call: () => get('/cms/publish/progress', {}, onA()), forged: () => [harmless(get('/cms/publish/progress', { siteId: String(B().site) }, onA()))] },

  // Grants: on sites and catalogs the granter holds, to roles and users within their power.
  'GET /cms/perms/site': {
    call: () => get('/cms/perms/site', { ownerType: 'Role', owner: String(fx.roles.helper) }),
    shows: 'Alpha',
    forged: () => [
      refused(get('/cms/perms/site', { ownerType: 'Role', owner: String(fx.roles.admin) })),
      refused(get('/cms/perms/site', { ownerType: 'Role', owner: String(fx.roles.top) })),
      refused(get('/cms/perms/site', { ownerType: 'User', owner: String(fx.users.zeta) })),
      refused(get('/cms/perms/site', { ownerType: 'User', owner: String(fx.users.boss) })),
    ],
  },
  'POST /cms/perms/site': {
    call: () => post('/cms/perms/site', { ownerType: 'Role', owner: fx.roles.helper, perms: [{ siteId: A().site, perms: { View: { granted: true } } }] }),
    forged: () => [
      refused(post('/cms/perms/site', { ownerType: 'Role', owner: fx.roles.helper, perms: [{ siteId: B().site, perms: { View: { granted: true } } }] })),
      refused(post('/cms/perms/site', { ownerType: 'Role', owner: fx.roles.top, perms: [{ siteId: A().site, perms: { View: { granted: true } } }] })),
      refused(post('/cms/perms/site', { ownerType: 'User', owner: fx.users.zeta, perms: [{ siteId: A().site, perms: { View: { granted: true } } }] })),
      refused(post('/cms/perms/site', { ownerType: 'User', owner: fx.users.boss, perms: [{ siteId: A().site, perms: { View: { granted: true } } }] })),
    ],
    mixed: () => post('/cms/perms/site', { ownerType: 'Role', owner: fx.roles.helper, perms: [{ siteId: A().site, perms: { Edit: { granted: true } } }, { siteId: B().site, perms: { View: { granted: true } } }] }),
  },
  'GET /cms/perms/catalog': {
    call: () => get('/cms/perms/catalog', { ownerType: 'Role', owner: String(fx.roles.helper) }, onA()),
    shows: 'Alpha world',
    // (An administrator may grant to any role and user: those forged calls are the member's.)
    forged: () => [refused(get('/cms/perms/catalog', { ownerType: 'Role', owner: String(fx.roles.top) }, onA()), { memberOnly: true }), refused(get('/cms/perms/catalog', { ownerType: 'User', owner: String(fx.users.zeta) }, onA()), { memberOnly: true })],
  },
  'POST /cms/perms/catalog': {
    declaresNothing: 'a grant is given on the objects the body names, each held to the power rule (perms/operations.ts: only rights the granter holds, on objects they may view)',
    call: () => post('/cms/perms/catalog', { ownerType: 'Role', owner: fx.roles.helper, perms: [{ catalogId: A().world, perms: { View: { granted: true } } }] }, onA()),
    forged: () => [
      refused(post('/cms/perms/catalog', { ownerType: 'Role', owner: fx.roles.helper, perms: [{ catalogId: B().world, perms: { View: { granted: true } } }] }, onA())),
      refused(post('/cms/perms/catalog', { ownerType: 'Role', owner: fx.roles.top, perms: [{ catalogId: A().world, perms: { View: { granted: true } } }] }, onA()), { memberOnly: true }),
    ],
    mixed: () => post('/cms/perms/catalog', { ownerType: 'Role', owner: fx.roles.helper, perms: [{ catalogId: A().world, perms: { Edit: { granted: true } } }, { catalogId: B().world, perms: { View: { granted: true } } }] }, onA()),
  },

  'GET /cms/perms/pageWidget': {
    call: () => get('/cms/perms/pageWidget', { ownerType: 'Role', owner: String(fx.roles.helper) }, onA()),
    shows: 'Alpha widget',
    forged: () => [refused(get('/cms/perms/pageWidget', { ownerType: 'Role', owner: String(fx.roles.top) }, onA()), { memberOnly: true }), refused(get('/cms/perms/pageWidget', { ownerType: 'User', owner: String(fx.users.zeta) }, onA()), { memberOnly: true })],
  },
  'POST /cms/perms/pageWidget': {
    declaresNothing: 'a grant is given on the widgets the body names, each held to the power rule (perms/operations.ts: only rights the granter holds, on widgets of the current site)',
    call: () => post('/cms/perms/pageWidget', { ownerType: 'Role', owner: fx.roles.helper, perms: [{ pageWidgetId: A().widget, perms: { View: { granted: true } } }] }, onA()),
    forged: () => [
      refused(post('/cms/perms/pageWidget', { ownerType: 'Role', owner: fx.roles.helper, perms: [{ pageWidgetId: B().widget, perms: { View: { granted: true } } }] }, onA())),
      refused(post('/cms/perms/pageWidget', { ownerType: 'Role', owner: fx.roles.top, perms: [{ pageWidgetId: A().widget, perms: { View: { granted: true } } }] }, onA()), { memberOnly: true }),
    ],
    mixed: () => post('/cms/perms/pageWidget', { ownerType: 'Role', owner: fx.roles.helper, perms: [{ pageWidgetId: A().widget, perms: { Edit: { granted: true } } }, { pageWidgetId: B().widget, perms: { View: { granted: true } } }] }, onA()),
  },

  // Catalogs: each checked against the grants on it (a grant covers the subtree), on the current site only.
  'GET /cms/catalog/treeData': { needs: ['Catalog.View'], call: () => get('/cms/catalog/treeData', {}, onA()), shows: 'Alpha world' },
  'GET /cms/catalog/getCatalogTypes': { open: 'a fixed list of catalog types' },
  'GET /cms/catalog/getContentTypes': { open: 'a fixed list of content types' },
  'GET /cms/catalog/:id': { call: () => get(`/cms/catalog/${A().world}`, {}, onA()), shows: 'Alpha world', forged: () => [refused(get(`/cms/catalog/${B().world}`, {}, onA()))] },
  'POST /cms/catalog': {
    call: () => post('/cms/catalog', { parentId: A().news, name: `Alpha cat ${n()}`, alias: `alpha_new_${serial}`, path: `alphanew${serial}/`, catalogType: 'common' }, onA()),
    forged: () => [
      refused(post('/cms/catalog', { parentId: B().news, name: 'Forged', alias: `forged_${n()}`, path: `forged${serial}/`, catalogType: 'common' }, onA())),
      harmless(post('/cms/catalog', { parentId: A().news, siteId: B().site, name: 'Forged', alias: `forged_${n()}`, path: `forged${serial}/`, catalogType: 'common' }, onA())),
    ],
  },
  'PUT /cms/catalog': {
    call: () => put('/cms/catalog', { catalogId: A().world, name: 'Alpha world' }, onA()),
    forged: () => [
      refused(put('/cms/catalog', { catalogId: B().world, name: 'Taken' }, onA())),
      harmless(put('/cms/catalog', { catalogId: A().world, siteId: B().site, parentId: B().news }, onA())),
    ],
  },
  'DELETE /cms/catalog/:id': { call: async () => del(`/cms/catalog/${await fresh.catalog()}`, undefined, onA()), forged: () => [refused(del(`/cms/catalog/${B().world}`, undefined, onA()))] },
  'POST /cms/catalog/move/:from/:to': {
    // Move where it is, Edit where it goes.
    call: async () => post(`/cms/catalog/move/${await fresh.catalog()}/${A().world}`, undefined, onA()),
    forged: async () => [refused(post(`/cms/catalog/move/${B().world}/${A().news}`, undefined, onA())), refused(post(`/cms/catalog/move/${await fresh.catalog()}/${B().news}`, undefined, onA()))],
  },
  'POST /cms/catalog/sort': { call: async () => post('/cms/catalog/sort', { catalogId: await fresh.catalog(), sort: -1 }, onA()), forged: () => [refused(post('/cms/catalog/sort', { catalogId: B().world, sort: 1 }, onA()))] },
  'POST /cms/catalog/visible': { call: () => post('/cms/catalog/visible', { catalogId: A().world, visible: 'Y' }, onA()), forged: () => [refused(post('/cms/catalog/visible', { catalogId: B().world, visible: 'N' }, onA()))] },
  'POST /cms/catalog/batchAdd': {
    // At the top of the tree: the site's AddCatalog right (under a catalog it is that catalog's Edit, as for POST /cms/catalog).
    call: () => post('/cms/catalog/batchAdd', { parentId: 0, catalogs: `Alpha batch ${n()}` }, onA()),
    forged: () => [refused(post('/cms/catalog/batchAdd', { parentId: B().news, catalogs: 'Forged' }, onA()))],
  },
  'POST /cms/catalog/spelling': {
    // A proposal where one may add: Edit on the parent (the site's AddCatalog at the top); nothing of another site's parent shows.
    call: () => post('/cms/catalog/spelling', { parentId: A().news, name: '国际新闻' }, onA()),
    forged: () => [refused(post('/cms/catalog/spelling', { parentId: B().news, name: 'Forged' }, onA()))],
  },
  'POST /cms/site/apply_default_template': {
    call: () => post('/cms/site/apply_default_template', { toCatalogIds: [A().world] }, onA()),
    forged: () => [refused(post('/cms/site/apply_default_template', { toCatalogIds: [B().world] }, onA()))],
    mixed: () => post('/cms/site/apply_default_template', { toCatalogIds: [A().world, B().world] }, onA()),
  },

  // Book chapters: through their book, checked against its catalog.
  'GET /cms/book/chapter/list': { call: () => get('/cms/book/chapter/list', { contentId: String(A().book) }, onA()), shows: 'Alpha chapter', forged: () => [refused(get('/cms/book/chapter/list', { contentId: String(B().book) }, onA()))] },
  'GET /cms/book/chapter/:chapterId': { call: () => get(`/cms/book/chapter/${A().chapter}`, {}, onA()), shows: 'Alpha chapter', forged: () => [refused(get(`/cms/book/chapter/${B().chapter}`, {}, onA()))] },
  'POST /cms/book/chapter': {
    call: () => post('/cms/book/chapter', { contentId: A().book, title: `Alpha chapter ${n()}`, content: '<p>x</p>', action: 'draft' }, onA()),
    forged: () => [refused(post('/cms/book/chapter', { contentId: B().book, title: 'Forged', content: '<p>x</p>', action: 'draft' }, onA()))],
  },
  'PUT /cms/book/chapter': {
    call: () => put('/cms/book/chapter', { chapterId: A().chapter, title: 'Alpha chapter', action: 'draft' }, onA()),
    forged: () => [refused(put('/cms/book/chapter', { chapterId: B().chapter, title: 'Taken', action: 'draft' }, onA()))],
  },
  'DELETE /cms/book/chapter': {
    call: async () => del('/cms/book/chapter', { chapterIds: [await fresh.chapter()] }, onA()),
    forged: () => [refused(del('/cms/book/chapter', { chapterIds: [B().chapter] }, onA()))],
    mixed: async () => del('/cms/book/chapter', { chapterIds: [await fresh.chapter(), B().chapter] }, onA()),
  },
  'POST /cms/book/chapter/sort': {
    call: async () => post('/cms/book/chapter/sort', { contentId: A().book, chapterIds: (await bookChapters(A().book)).reverse() }, onA()),
    forged: () => [refused(post('/cms/book/chapter/sort', { contentId: B().book, chapterIds: [B().chapter] }, onA()))],
    mixed: async () => post('/cms/book/chapter/sort', { contentId: A().book, chapterIds: [...(await bookChapters(A().book)), B().chapter] }, onA()),
  },

  // Contents: each checked against the grants on its stored catalog, never one the body names.
  'GET /cms/content/list': {
    needs: ['Catalog.View'],
    call: () => get('/cms/content/list', {}, onA()),
    shows: 'Alpha story',
    forged: () => [harmless(get('/cms/content/list', { catalogId: String(B().world) }, onA())), harmless(get('/cms/content/list', { siteId: String(B().site), includeChild: 'true', catalogId: String(B().news) }, onA()))],
  },
  'POST /cms/content/list': {
    needs: ['Catalog.View'],
    call: () => exported('/cms/content/list', {}, onA()),
    shows: 'Alpha story',
    declaresNothing: 'a read (the content list\'s export, a POST as ChestnutCMS\'s are): the list\'s row filter keeps it to the catalogs the user may view',
    forged: () => [harmless(exported('/cms/content/list', { catalogId: String(B().world) }, onA())), harmless(exported('/cms/content/list', { siteId: String(B().site), includeChild: 'true', catalogId: String(B().news) }, onA()))],
  },
  'GET /cms/content/recycle/list': { needs: ['Catalog.View'], call: () => get('/cms/content/recycle/list', {}, onA()), shows: 'Alpha recycled', forged: () => [harmless(get('/cms/content/recycle/list', { catalogId: String(B().world) }, onA()))] },
  'GET /cms/content/stat': {
    call: () => get('/cms/content/stat', {}, onA()),
    async check(r) {
      const [mine] = await ts.database.db.select({ n: count() }).from(cmsContent).where(and(eq(cmsContent.siteId, fx.A.site), isNull(cmsContent.recycleTime)));
      expect(Object.values(r.data.byType as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(Number(mine!.n));
    },
  },
  'GET /cms/content/:contentId': { call: () => get(`/cms/content/${A().story}`, {}, onA()), shows: 'Alpha story', forged: () => [refused(get(`/cms/content/${B().story}`, {}, onA()))] },
  'GET /cms/content/init/:catalogId/:contentType/:contentId': {
    call: () => get(`/cms/content/init/${A().world}/article/0`, {}, onA()),
    shows: 'Alpha world',
    forged: () => [refused(get(`/cms/content/init/${B().world}/article/0`, {}, onA())), refused(get(`/cms/content/init/${A().world}/article/${B().story}`, {}, onA()))],
  },
  'POST /cms/content': {
    call: () => post('/cms/content', { catalogId: A().world, title: `Alpha new ${n()}` }, { ...onA(), query: { contentType: 'article' } }),
    forged: () => [
      refused(post('/cms/content', { catalogId: B().world, title: 'Forged' }, { ...onA(), query: { contentType: 'article' } })),
      refused(post('/cms/content', { catalogId: A().world, title: 'Forged', relaContentIds: [B().story] }, { ...onA(), query: { contentType: 'article' } })),
      harmless(post('/cms/content', { catalogId: A().world, title: 'Forged', siteId: B().site }, { ...onA(), query: { contentType: 'article' } })),
    ],
  },
  'PUT /cms/content': {
    call: async () => put('/cms/content', { contentId: await fresh.content(), catalogId: A().world, version: 1, title: `Alpha edit ${n()}` }, { ...onA(), query: { contentType: 'article' } }),
    forged: async () => [
      refused(put('/cms/content', { contentId: B().story, catalogId: B().world, version: (await live(B().story)).version, title: 'Taken' }, { ...onA(), query: { contentType: 'article' } })),
      refused(put('/cms/content', { contentId: await fresh.content(), catalogId: A().world, version: 1, title: 'Forged', relaContentIds: [B().story] }, { ...onA(), query: { contentType: 'article' } })),
      harmless(put('/cms/content', { contentId: await fresh.content(), version: 1, title: 'Forged', catalogId: B().world, siteId: B().site }, { ...onA(), query: { contentType: 'article' } })),
    ],
  },
  'POST /cms/content/publish': contentBatch('/cms/content/publish'),
  'POST /cms/content/toPublish': contentBatch('/cms/content/toPublish'),
  'POST /cms/content/offline': contentBatch('/cms/content/offline'),
  'POST /cms/content/archive': contentBatch('/cms/content/archive'),
  'POST /cms/content/cancelTop': contentBatch('/cms/content/cancelTop'),
  'POST /cms/content/recycle': contentBatch('/cms/content/recycle'),
  'POST /cms/content/restore': contentBatch('/cms/content/restore', () => fresh.recycled(), () => B().recycled),
  'POST /cms/content/purge': contentBatch('/cms/content/purge', () => fresh.recycled(), () => B().recycled),
  'DELETE /cms/content': {
    call: async () => del('/cms/content', [await fresh.content()], onA()),
    forged: () => [refused(del('/cms/content', [B().story], onA())), refused(del('/cms/content', { contentIds: [B().story] }, onA()))],
    mixed: async () => del('/cms/content', [await fresh.content(), B().story], onA()),
  },
  'POST /cms/content/top': {
    call: async () => post('/cms/content/top', { contentIds: [await fresh.content()] }, onA()),
    forged: () => [refused(post('/cms/content/top', { contentIds: [B().story] }, onA()))],
    mixed: async () => post('/cms/content/top', { contentIds: [await fresh.content(), B().story] }, onA()),
  },
  'POST /cms/content/attr': {
    call: async () => post('/cms/content/attr', { contentIds: [await fresh.content()], attr: 'hot' }, onA()),
    forged: () => [refused(post('/cms/content/attr', { contentIds: [B().story], attr: 'hot' }, onA()))],
    mixed: async () => post('/cms/content/attr', { contentIds: [await fresh.content(), B().story], attr: 'hot' }, onA()),
  },
  'POST /cms/content/lock/:contentId': { call: async () => post(`/cms/content/lock/${await fresh.content()}`, undefined, onA()), forged: () => [refused(post(`/cms/content/lock/${B().story}`, undefined, onA()))] },
  'POST /cms/content/unlock/:contentId': { call: async () => post(`/cms/content/unlock/${await fresh.content()}`, undefined, onA()), forged: () => [refused(post(`/cms/content/unlock/${B().story}`, undefined, onA()))] },
  'POST /cms/content/sort': {
    call: async () => post('/cms/content/sort', { contentId: await fresh.content(), targetContentId: A().story }, onA()),
    forged: async () => [refused(post('/cms/content/sort', { contentId: B().story, targetContentId: B().book }, onA())), refused(post('/cms/content/sort', { contentId: await fresh.content(), targetContentId: B().story }, onA()))],
  },
  'POST /cms/content/move': {
    // EditContent where the contents are, AddContent where they go.
    call: async () => post('/cms/content/move', { contentIds: [await fresh.content()], catalogId: A().news }, onA()),
    forged: async () => [refused(post('/cms/content/move', { contentIds: [await fresh.content()], catalogId: B().world }, onA())), refused(post('/cms/content/move', { contentIds: [B().story], catalogId: A().news }, onA()))],
    mixed: async () => post('/cms/content/move', { contentIds: [await fresh.content(), B().story], catalogId: A().news }, onA()),
  },
  'POST /cms/content/copy': {
    call: () => post('/cms/content/copy', { contentIds: [A().story], catalogIds: [A().news], copyType: 1 }, onA()),
    forged: () => [
      // An administrator may copy into another site's catalog; the member holds nothing there.
      refused(post('/cms/content/copy', { contentIds: [A().story], catalogIds: [B().world], copyType: 1 }, onA()), { memberOnly: true }),
      refused(post('/cms/content/copy', { contentIds: [B().story], catalogIds: [A().news], copyType: 2 }, onA())),
    ],
    mixed: () => post('/cms/content/copy', { contentIds: [A().story, B().story], catalogIds: [A().news], copyType: 1 }, onA()),
  },

  // The resource library: the current site's; uploading, renaming and deleting need Site Edit.
  'GET /cms/resource/list': { call: () => get('/cms/resource/list', {}, onA()), shows: 'alpha-file', forged: () => [harmless(get('/cms/resource/list', { siteId: String(B().site) }, onA()))] },
  'GET /cms/resource/:id': { call: () => get(`/cms/resource/${A().resource}`, {}, onA()), shows: 'alpha-file', forged: () => [refused(get(`/cms/resource/${B().resource}`, {}, onA()))] },
  'PUT /cms/resource': {
    call: () => put('/cms/resource', { resourceId: A().resource, name: 'alpha-file' }, onA()),
    forged: () => [refused(put('/cms/resource', { resourceId: B().resource, name: 'taken' }, onA())), harmless(put('/cms/resource', { resourceId: A().resource, name: 'alpha-file', siteId: B().site }, onA()))],
  },
  'DELETE /cms/resource': {
    call: async () => del('/cms/resource', [await fresh.resource()], onA()),
    forged: () => [refused(del('/cms/resource', [B().resource], onA()))],
    mixed: async () => del('/cms/resource', [await fresh.resource(), B().resource], onA()),
  },
  'GET /cms/resource/types': { call: () => get('/cms/resource/types', {}, onA()), shows: 'pdf' },
  'POST /cms/resource/upload': {
    call: () => upload('/cms/resource/upload', { name: `alpha-up-${n()}.pdf`, content: PDF }, onA()),
    forged: () => [harmless(upload('/cms/resource/upload', { name: `forged-${n()}.pdf`, content: PDF, fields: { siteId: String(B().site) } }, onA()))],
  },
  'GET /cms/resource/media/:id': { call: () => get(`/cms/resource/media/${A().audio}`, {}, onA()), shows: '"channels"', forged: () => [refused(get(`/cms/resource/media/${B().audio}`, {}, onA()))] },
  // The image tools and the poster frame: the stored row's site, never the body's; a watermark image of another site is refused too.
  'POST /cms/resource/image/preview': {
    call: () => post('/cms/resource/image/preview', { resourceId: A().image, rotate: 90 }, onA()),
    forged: () => [
      refused(post('/cms/resource/image/preview', { resourceId: B().image, rotate: 90 }, onA())),
      refused(post('/cms/resource/image/preview', { resourceId: A().image, watermark: { type: 'image', imageId: B().image, position: 'CENTER' } }, onA())),
    ],
  },
  'POST /cms/resource/image/save': {
    call: () => post('/cms/resource/image/save', { resourceId: A().image, rotate: 180 }, onA()),
    forged: () => [
      refused(post('/cms/resource/image/save', { resourceId: B().image, rotate: 180 }, onA())),
      refused(post('/cms/resource/image/save', { resourceId: A().image, watermark: { type: 'image', imageId: B().image, position: 'CENTER' } }, onA())),
    ],
  },
  'POST /cms/resource/poster': {
    call: () => post('/cms/resource/poster', { resourceId: A().video, second: 0 }, onA()),
    forged: () => [refused(post('/cms/resource/poster', { resourceId: B().video, second: 0 }, onA()))],
  },
  'GET /cms/resource/download/:id': { call: () => get(`/cms/resource/download/${A().resource}`, {}, onA()), shows: '%PDF', forged: () => [refused(get(`/cms/resource/download/${B().resource}`, {}, onA()))] },

  // Templates: files of the current site's pipes; reading needs View, changing them Edit. Another
  // site's template names resolve in the current site's folder, where they are not.
  'GET /cms/template/list': { needs: ['Site.View'], call: () => get('/cms/template/list', {}, onA()), shows: 'alpha_page', forged: () => [harmless(get('/cms/template/list', { siteId: String(B().site), filename: 'other' }, onA()))] },
  'GET /cms/template/detail': {
    needs: ['Site.View'],
    call: () => get('/cms/template/detail', { publishPipeCode: 'pc', path: 'alpha_page.template.html' }, onA()),
    shows: 'Alpha page',
    forged: () => [refused(get('/cms/template/detail', { publishPipeCode: 'pc', path: 'other_page.template.html' }, onA())), refused(get('/cms/template/detail', { publishPipeCode: 'pc', path: '../../zeta/template/pc/zeta_page.template.html' }, onA()))],
  },
  'POST /cms/template': {
    call: () => post('/cms/template', { publishPipeCode: 'pc', path: `alpha_new_${n()}.template.html` }, onA()),
    forged: () => [harmless(post('/cms/template', { publishPipeCode: 'pc', path: `forged_${n()}.template.html`, siteId: B().site }, onA())), refused(post('/cms/template', { publishPipeCode: 'pc', path: '../../zeta/template/pc/x.template.html' }, onA()))],
  },
  'PUT /cms/template': {
    call: () => put('/cms/template', { publishPipeCode: 'pc', path: 'alpha_page.template.html', content: 'Alpha page' }, onA()),
    forged: () => [refused(put('/cms/template', { publishPipeCode: 'pc', path: 'other_page.template.html', content: 'Taken' }, onA())), harmless(put('/cms/template', { publishPipeCode: 'pc', path: 'alpha_page.template.html', content: 'Alpha page', siteId: B().site }, onA()))],
  },
  'POST /cms/template/rename': {
    call: async () => post('/cms/template/rename', { publishPipeCode: 'pc', path: await fresh.template(), newPath: `alpha_renamed_${n()}.template.html` }, onA()),
    forged: () => [refused(post('/cms/template/rename', { publishPipeCode: 'pc', path: 'other_page.template.html', newPath: 'taken.template.html' }, onA()))],
  },
  'DELETE /cms/template': {
    call: async () => del('/cms/template', { publishPipeCode: 'pc', paths: [await fresh.template()] }, onA()),
    forged: () => [refused(del('/cms/template', { publishPipeCode: 'pc', paths: ['other_page.template.html'] }, onA()))],
    mixed: async () => del('/cms/template', { publishPipeCode: 'pc', paths: [await fresh.template(), 'other_page.template.html'] }, onA()),
  },
  // The workbench: versions by id are the current site's only; the preview renders, writes nothing,
  // and needs View on what it shows (the content's catalog).
  'GET /cms/template/versions': { needs: ['Site.View'], call: () => get('/cms/template/versions', { publishPipeCode: 'pc', path: 'alpha_page.template.html' }, onA()), shows: 'versionId' },
  'GET /cms/template/version': {
    needs: ['Site.View'],
    call: async () => get('/cms/template/version', { versionId: String(await versionIdOf(A().site, 'alpha_page.template.html')) }, onA()),
    shows: 'Alpha page',
    forged: async () => [refused(get('/cms/template/version', { versionId: String(await versionIdOf(B().site, 'other_page.template.html')) }, onA()))],
  },
  'POST /cms/template/version/restore': {
    call: async () => post('/cms/template/version/restore', { versionId: await versionIdOf(A().site, 'alpha_page.template.html') }, onA()),
    forged: async () => [refused(post('/cms/template/version/restore', { versionId: await versionIdOf(B().site, 'other_page.template.html') }, onA()))],
  },
  'POST /cms/template/preview': {
    needs: ['Site.View'],
    call: () => post('/cms/template/preview', { publishPipeCode: 'pc', path: 'detail_article.template.html', content: '{{ Content.title }}', contentId: A().story }, onA()),
    // The page is framed from the sites' port under the reply's ticket.
    check: async (res) => {
      const frame = await ts.server.sites.inject({ method: 'GET', url: new URL((res.data as { frameUrl: string }).frameUrl).pathname });
      expect(frame.body).toBe('Alpha story');
    },
    forged: () => [
      refused(post('/cms/template/preview', { publishPipeCode: 'pc', path: 'detail_article.template.html', content: '{{ Content.title }}', contentId: B().story }, onA())),
      refused(post('/cms/template/preview', { publishPipeCode: 'pc', path: 'list.template.html', content: '{{ Catalog.name }}', catalogId: B().world }, onA())),
    ],
  },
  'GET /cms/dynamicPageTypes': { keyOnly: 'the dynamic page types the server knows, the same for everyone' },
  'POST /cms/template/check': { keyOnly: 'parses the text it is sent: no site, nothing read or written' },
  'POST /word/sensitiveword/check': { keyOnly: 'checks the text it is sent against the global word lists: no site, nothing written' },
  'POST /word/errorproneword/check': { keyOnly: 'checks the text it is sent against the global word lists: no site, nothing written' },
  'GET /cms/staticize/tags': { keyOnly: 'the template language\'s reference, the same for everyone' },
  'GET /cms/staticize/functions': { keyOnly: 'the template language\'s reference, the same for everyone' },
  'GET /cms/staticize/variables': { keyOnly: 'the template language\'s reference, the same for everyone' },
  // Preview: the object names its site (no current site); View on that site and on the object's
  // catalog, else "not found". Zeta's objects are out of the member's reach whatever the ids.
  'GET /cms/preview/:type/:id': {
    needs: ['Site.View'],
    call: () => get(`/cms/preview/content/${A().story}`),
    shows: 'Alpha story',
    forged: () => [
      refused(get(`/cms/preview/content/${B().story}`), { memberOnly: true }),
      refused(get(`/cms/preview/catalog/${B().world}`, { pi: '1' }, onA()), { memberOnly: true }),
      refused(get(`/cms/preview/site/${B().site}`, {}, onA()), { memberOnly: true }),
    ],
  },
  // The default theme onto an existing site: written into the current site's pipes (a fresh site's,
  // so the other entries keep Alpha's templates), whatever a body says.
  'POST /cms/site/install_default_theme': {
    call: async () => post('/cms/site/install_default_theme', {}, { site: await fresh.site() }),
    forged: () => [harmless(post('/cms/site/install_default_theme', { siteId: B().site }, { site: fx.memberSites.at(-1)! })), refused(post('/cms/site/install_default_theme', { pipeCodes: ['nope'] }, onA()))],
  },
  // Site files: the current site's pipes only, whatever a body says; writes need Site Edit (and the
  // template keys inside template folders, which the member holds). Zeta's files have Zeta's names,
  // so a call at them on Alpha finds nothing.
  'GET /cms/file/list': {
    needs: ['Site.View'],
    call: () => get('/cms/file/list', { filePath: 'pc/css' }, onA()),
    shows: 'site.css',
    forged: () => [harmless(get('/cms/file/list', { filePath: 'pc/css', siteId: String(B().site) }, onA())), refused(get('/cms/file/list', { filePath: 'pc/b_assets' }, onA()))],
  },
  'GET /cms/file/directoryTreeData': { needs: ['Site.View'], call: () => get('/cms/file/directoryTreeData', {}, onA()), shows: 'alpha_assets', forged: () => [harmless(get('/cms/file/directoryTreeData', { siteId: String(B().site) }, onA()))] },
  'POST /cms/file/add': {
    call: () => post('/cms/file/add', { dir: 'pc/css', fileName: `member_${n()}.css`, isDirectory: false }, onA()),
    forged: () => [harmless(post('/cms/file/add', { dir: 'pc/css', fileName: `forged_${n()}.css`, isDirectory: false, siteId: B().site }, onA())), refused(post('/cms/file/add', { dir: 'pc/b_assets', fileName: 'forged.css', isDirectory: false }, onA()))],
  },
  'POST /cms/file/rename': {
    call: async () => post('/cms/file/rename', { filePath: await fresh.file(), rename: `renamed_${n()}.css` }, onA()),
    forged: () => [refused(post('/cms/file/rename', { filePath: 'pc/css/b_only.css', rename: 'taken.css' }, onA())), refused(post('/cms/file/rename', { filePath: 'pc/b_assets', rename: 'taken' }, onA()))],
  },
  'POST /cms/file/delete': {
    call: async () => post('/cms/file/delete', [{ filePath: await fresh.file() }], onA()),
    forged: () => [refused(post('/cms/file/delete', [{ filePath: 'pc/css/b_only.css' }], onA())), refused(post('/cms/file/delete', [{ filePath: 'pc/b_assets' }], onA()))],
    mixed: async () => post('/cms/file/delete', [{ filePath: await fresh.file() }, { filePath: 'pc/css/b_only.css' }], onA()),
  },
  'POST /cms/file/read': {
    declaresNothing: 'a read (POST in ChestnutCMS\'s contract): the current site\'s View, which choosing the site checked, and the template key inside template folders',
    needs: ['Site.View'],
    call: () => post('/cms/file/read', { filePath: 'pc/css/site.css' }, onA()),
    shows: 'alpha-content',
    forged: () => [refused(post('/cms/file/read', { filePath: 'pc/css/b_only.css' }, onA())), harmless(post('/cms/file/read', { filePath: 'pc/css/site.css', siteId: B().site }, onA()))],
  },
  'POST /cms/file/edit': {
    call: () => post('/cms/file/edit', { filePath: 'pc/css/site.css', fileContent: 'alpha-content' }, onA()),
    forged: () => [refused(post('/cms/file/edit', { filePath: 'pc/css/b_only.css', fileContent: 'taken' }, onA())), harmless(post('/cms/file/edit', { filePath: 'pc/css/site.css', fileContent: 'alpha-content', siteId: B().site }, onA()))],
  },
  'POST /cms/file/upload': {
    call: () => upload('/cms/file/upload', { name: `member_up_${n()}.css`, content: Buffer.from('a{}'), fields: { dir: 'pc/css' } }, onA()),
    forged: () => [
      harmless(upload('/cms/file/upload', { name: `forged_up_${n()}.css`, content: Buffer.from('a{}'), fields: { dir: 'pc/css', siteId: String(B().site) } }, onA())),
      refused(upload('/cms/file/upload', { name: 'forged.css', content: Buffer.from('a{}'), fields: { dir: 'pc/b_assets' } }, onA())),
    ],
  },
  // A theme: the current site's templates and static files, out as a zip and in again.
  'POST /cms/site/exportTheme': {
    call: () => post('/cms/site/exportTheme', undefined, onA()),
    shows: 'pc/css/site.css',
    forged: () => [harmless(post('/cms/site/exportTheme', { siteId: B().site }, onA()))],
  },
  'POST /cms/site/importTheme': {
    call: async () => upload('/cms/site/importTheme', { name: 'theme.zip', content: await alphaTheme() }, onA()),
    forged: async () => [harmless(upload('/cms/site/importTheme', { name: 'theme.zip', content: await alphaTheme(), fields: { siteId: String(B().site) } }, onA()))],
  },

  // CMS settings: the current site's config, one tab per group.
  ...settingsEntries,
  // The push log (search engines, CDN): the current site's jobs only; another site's job cannot be sent again.
  'GET /cms/seo/logs': { needs: ['Site.View'], call: () => get('/cms/seo/logs', {}, onA()), shows: 'alpha.example.com', forged: () => [harmless(get('/cms/seo/logs', { siteId: String(B().site) }, onA()))] },
  'POST /cms/seo/logs/:jobId/retry': { call: () => post(`/cms/seo/logs/${A().pushJob}/retry`, {}, onA()), forged: () => [refused(post(`/cms/seo/logs/${B().pushJob}/retry`, {}, onA()))] },
  // Pushes and purges by hand: Publish on what they name, where it is stored.
  'POST /cms/cdn/refresh/site': { call: () => post('/cms/cdn/refresh/site', { siteId: A().site, refreshAll: true }, onA()), forged: () => [refused(post('/cms/cdn/refresh/site', { siteId: B().site }, onA()))] },
  'POST /cms/cdn/refresh/catalog': { call: () => post('/cms/cdn/refresh/catalog', { catalogId: A().world, refreshAll: true }, onA()), forged: () => [refused(post('/cms/cdn/refresh/catalog', { catalogId: B().world }, onA()))] },
  'POST /cms/cdn/refresh/content': { call: () => post('/cms/cdn/refresh/content', { contentId: A().story }, onA()), forged: () => [refused(post('/cms/cdn/refresh/content', { contentId: B().story }, onA()))] },
  'POST /cms/seo/baidu_push': { call: () => post('/cms/seo/baidu_push', [A().story], onA()), forged: () => [refused(post('/cms/seo/baidu_push', [A().story, B().story], onA()))] },
  'POST /cms/seo/sitemap': { call: () => post('/cms/seo/sitemap', {}, onA()), forged: () => [harmless(post('/cms/seo/sitemap', { siteId: B().site }, onA()))] },
  // Search: the current site's index and dictionary; contents named are checked where they are stored.
  'GET /cms/search/contents': {
    needs: ['Catalog.View'], call: () => get('/cms/search/contents', { query: 'story' }, onA()), shows: 'Alpha story',
    forged: () => [harmless(get('/cms/search/contents', { query: 'zeta', siteId: String(B().site) }, onA())), harmless(get('/cms/search/contents', { query: 'story', catalogId: String(B().world), includeChild: 'true' }, onA()))],
  },
  'GET /cms/search/content/:contentId': { needs: ['Site.View'], call: () => get(`/cms/search/content/${A().story}`, {}, onA()), shows: 'Alpha story', forged: () => [refused(get(`/cms/search/content/${B().story}`, {}, onA()))] },
  'POST /cms/search/build/:contentId': { call: () => post(`/cms/search/build/${A().story}`, {}, onA()), forged: () => [refused(post(`/cms/search/build/${B().story}`, {}, onA()))] },
  'POST /cms/search/contents/delete': {
    call: async () => post('/cms/search/contents/delete', [await fresh.content()], onA()),
    forged: () => [refused(post('/cms/search/contents/delete', [B().story], onA())), refused(post('/cms/search/contents/delete', { contentIds: [B().story] }, onA()))],
    mixed: async () => post('/cms/search/contents/delete', [await fresh.content(), B().story], onA()),
  },
  'POST /cms/search/rebuild': { call: () => post('/cms/search/rebuild', {}, onA()), forged: () => [harmless(post('/cms/search/rebuild', { siteId: B().site }, onA()))] },
  'GET /cms/search/rebuild': { needs: ['Site.View'], call: () => get('/cms/search/rebuild', {}, onA()), forged: () => [harmless(get('/cms/search/rebuild', { siteId: String(B().site) }, onA()))] },
  'GET /search/dict': { needs: ['Site.View'], call: () => get('/search/dict', {}, onA()), shows: 'alphaword', forged: () => [harmless(get('/search/dict', { siteId: String(B().site), query: 'zeta' }, onA()))] },
  'POST /search/dict': { call: () => post('/search/dict', { wordType: 'STOP', words: [`alphastop${n()}`] }, onA()), forged: () => [harmless(post('/search/dict', { wordType: 'WORD', words: ['forged'], siteId: B().site }, onA()))] },
  'POST /search/dict/delete': {
    call: async () => post('/search/dict/delete', [await fresh.dictWord()], onA()),
    forged: () => [refused(post('/search/dict/delete', [B().dictWord], onA()))],
    mixed: async () => post('/search/dict/delete', [await fresh.dictWord(), B().dictWord], onA()),
  },
  'POST /search/dict/analyze': {
    declaresNothing: 'a read (POST in ChestnutCMS\'s contract): the text segmented with the current site\'s words',
    needs: ['Site.View'], call: () => post('/search/dict/analyze', { text: 'alphaword here' }, onA()), shows: 'alphaword',
    forged: () => [harmless(post('/search/dict/analyze', { text: 'forged words', siteId: B().site }, onA()))],
  },
  'POST /cms/setting/watermark': {
    call: () => post('/cms/setting/watermark', { WatermarkImage: String(A().image) }, onA()),
    // The watermark is an image of the site's own library, never another site's.
    forged: () => [refused(post('/cms/setting/watermark', { WatermarkImage: String(B().image) }, onA())), harmless(post('/cms/setting/watermark', { siteId: B().site }, onA()))],
  },

  // Review workflows (server/modules/workflow): bindings need rights on the site or catalog; a
  // review task is only its candidates' (the member is the matrix model's candidate), on its site.
  'GET /workflow/binding': { needs: ['Site.View'], call: () => get('/workflow/binding', {}, onA()), forged: () => [harmless(get('/workflow/binding', { siteId: String(B().site) }, onA()))] },
  'PUT /workflow/binding/site': {
    call: () => put('/workflow/binding/site', { modelId: null }, onA()),
    forged: () => [harmless(put('/workflow/binding/site', { modelId: null, siteId: B().site }, onA()))],
  },
  'GET /workflow/binding/catalog/:catalogId': {
    call: () => get(`/workflow/binding/catalog/${A().world}`, {}, onA()),
    forged: () => [refused(get(`/workflow/binding/catalog/${B().world}`, {}, onA()))],
  },
  'PUT /workflow/binding/catalog/:catalogId': {
    call: () => put(`/workflow/binding/catalog/${A().world}`, { modelId: null }, onA()),
    forged: () => [refused(put(`/workflow/binding/catalog/${B().world}`, { modelId: null }, onA()))],
  },
  'GET /workflow/review/todo': {
    needs: ['Site.View'], call: async () => { await reviewTask(A().site, await fresh.content('Alpha under review')); return get('/workflow/review/todo', {}, onA()); },
    shows: 'Alpha under review', forged: () => [harmless(get('/workflow/review/todo', { siteId: String(B().site) }, onA()))],
  },
  'GET /workflow/review/done': { needs: ['Site.View'], call: () => get('/workflow/review/done', {}, onA()), forged: () => [harmless(get('/workflow/review/done', { siteId: String(B().site) }, onA()))] },
  'GET /workflow/review/count': { needs: ['Site.View'], call: () => get('/workflow/review/count', {}, onA()), forged: () => [harmless(get('/workflow/review/count', { siteId: String(B().site) }, onA()))] },
  ...Object.fromEntries((['approve', 'reject'] as const).map((verb) => [`POST /workflow/review/:taskId/${verb}`, {
    needs: ['Site.View'],
    declaresNothing: 'a task is its candidates\' (the model names them), checked on the stored task of the current site',
    call: async () => post(`/workflow/review/${await reviewTask(A().site, await fresh.content())}/${verb}`, { comment: 'alpha comment' }, onA()),
    forged: () => [refused(post(`/workflow/review/${zetaTask}/${verb}`, { comment: 'taken' }, onA()))],
  }])),
  'GET /workflow/review/history/:contentId': {
    call: () => get(`/workflow/review/history/${A().story}`, {}, onA()),
    forged: () => [refused(get(`/workflow/review/history/${B().story}`, {}, onA()))],
  },
};

beforeAll(async () => {
  const people = await setUpPeople(ts);
  smtp = await startSmtpSink();
  await asAdmin('POST', '/system/messaging/config', {
    name: 'matrix-smtp', platform: 'SMTP', isDefault: 'Y',
    config: { host: '127.0.0.1', port: smtp.port, security: 'NONE', username: 'mailer', password: 'S3cret!', fromAddress: 'cms@example.com', fromName: 'Castanea' },
  });
  fx = { ...people, A: await siteWithRows('Alpha'), B: await siteWithRows('Zeta'), memberSites: [] };
  fx.memberSites.push(fx.A.site);
  zetaTask = await reviewTask(fx.B.site, fx.B.story);
  await grant(fx);
}, 120_000);

describe('CMS access matrix', () => {
  accessMatrix<Fx, Need>({
    ts,
    // With the other current-site routes: review workflows' bindings and reviews.
    routes: (all) => all.filter((r) => cmsModule.routes.includes(r) || r.site === true),
    table: TABLE,
    fixtures: () => fx,
    grant,
    outside,
    marker: /zeta/i,
    foreignSite: (f) => f.B.site,
  });
});
