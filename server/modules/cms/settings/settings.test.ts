import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../tests/helpers/server.ts';
import { cmsSite } from '../schema.ts';

// Issue 9 §5: the CMS settings tabs of the current site, kept as its config props.
const ts = useTestServer();
const H = { repeatSubmit: 'false', 'accept-language': 'en' };
const save = (group: string, body: Record<string, unknown>) => ts.api('POST', `/cms/setting/${group}`, { token: ts.admin, headers: H, body });
const read = async (group: string) => (await ts.api('GET', `/cms/setting/${group}`, { token: ts.admin, headers: H })).data;
const stored = async () => (await ts.database.db.select().from(cmsSite).where(eq(cmsSite.path, 'demo')))[0]!.configProps;

async function saved(group: string, body: Record<string, string>) {
  const r = await save(group, body);
  expect(r.code, r.msg).toBe(200);
  expect(await read(group)).toMatchObject(body);
}
async function refused(group: string, body: Record<string, string>, msg: string) {
  const before = await stored();
  expect((await save(group, body)).msg).toBe(msg);
  expect(await stored()).toEqual(before);
}

describe('CMS settings', () => {
  it('starts every tab at its defaults (spec §5 upload limits, §9 thumbnails and watermark)', async () => {
    expect(await read('storage')).toMatchObject({
      FileStorageType: 'Local', ThumbnailWidth: '0', ThumbnailHeight: '0', StoragePathStyle: 'N', hasStorageSecretKey: false, StorageSecretKey: '',
      ImageUploadTypes: 'png,jpg,jpeg,gif,webp', ImageUploadMaxMB: '5', FileUploadTypes: 'doc,docx,xls,xlsx,ppt,pptx,txt,pdf,zip', FileUploadMaxMB: '5',
    });
    expect(await read('watermark')).toMatchObject({ ImageWatermark: 'N', WatermarkOpacity: '1', WatermarkRatio: '30', WatermarkPosition: 'TOP_RIGHT', WatermarkImage: '' });
    expect(await read('comment')).toEqual({ CommentEnabled: 'N', CommentNeedAudit: 'Y', CommentNeedLogin: 'Y', CommentMaxLength: '500' });
  });

  it('storage: thumbnails and upload limits; a suffix the server cannot check is refused', async () => {
    await saved('storage', { ThumbnailWidth: '300', ThumbnailHeight: '200', ImageUploadTypes: 'png,jpg', AudioUploadMaxMB: '50' });
    await refused('storage', { ThumbnailWidth: '5000' }, 'Thumbnail width must be between 0 and 4000');
    await refused('storage', { ImageUploadTypes: 'png,svg' }, 'Image types: choose among png, jpg, jpeg, gif, webp');
    await refused('storage', { FileUploadTypes: 'exe' }, 'File types: choose among pdf, txt, doc, docx, xls, xlsx, ppt, pptx, zip, rar, 7z');
    await refused('storage', { VideoUploadMaxMB: '0' }, 'Video size limit (MB) must be between 1 and 1024');
  });

  it('storage: an S3 storage needs its endpoint, bucket, keys and address, and a bucket that answers', async () => {
    await refused('storage', { FileStorageType: 'MinIO' }, 'Endpoint cannot be empty');
    await refused('storage', { FileStorageType: 'AmazonS3', StorageBucket: 'media' }, 'Region cannot be empty');
    await refused('storage', { FileStorageType: 'MinIO', StorageEndpoint: 'ftp://x' }, 'Endpoint must be an http:// or https:// address');
    await refused('storage', { FileStorageType: 'MinIO', StorageBucket: 'Bad_Bucket' }, 'Bucket: 3–63 lower-case letters, digits, dots and hyphens');
    await refused('storage', { FileStorageType: 'Dropbox' }, 'Storage type is not in a valid format');
    const unreachable = await save('storage', {
      FileStorageType: 'MinIO', StorageEndpoint: 'http://127.0.0.1:9', StorageBucket: 'media', StorageAccessKey: 'k', StorageSecretKey: 's', StorageDomain: 'https://cdn.example.com',
    });
    expect(unreachable.msg).toMatch(/^The bucket "media" cannot be reached with these settings: /);
    expect((await stored()).FileStorageType ?? 'Local').toBe('Local');
  });

  it('watermark: opacity 0–1, ratio at least 20, a grid position, an image of the library when on', async () => {
    await saved('watermark', { WatermarkOpacity: '0.5', WatermarkRatio: '20', WatermarkPosition: 'CENTER' });
    await refused('watermark', { WatermarkOpacity: '1.5' }, 'Opacity must be between 0 and 1');
    await refused('watermark', { WatermarkRatio: '19' }, 'Largest size (%) must be between 20 and 100');
    await refused('watermark', { WatermarkPosition: 'MIDDLE' }, 'Position is not in a valid format');
    await refused('watermark', { ImageWatermark: 'Y' }, 'Watermark image cannot be empty');
    await refused('watermark', { ImageWatermark: 'Y', WatermarkImage: '424242' }, 'Watermark image must be an image of this site\'s resource library');
  });

  it('words: checks on or off, the replacement, hot-word group codes', async () => {
    await saved('words', { SensitiveWordCheck: 'Y', ErrorProneWordCheck: 'Y', SensitiveWordReplacement: '##', HotWordGroups: 'news,tech_1', HotWordMaxReplace: '3' });
    await refused('words', { HotWordGroups: 'news; drop' }, 'Hot-word groups: codes of letters, digits and underscores separated by commas');
    await refused('words', { SensitiveWordCheck: 'maybe' }, 'Check sensitive words is not in a valid format');
  });

  it('statistics: Baidu domains comma separated (spec §9), the token write-only', async () => {
    await saved('statistics', { StatisticsEnabled: 'Y', BaiduTongjiSiteId: '0123456789abcdef0123456789abcdef', BaiduTongjiDomains: 'www.example.com,m.example.com' });
    await save('statistics', { BaiduTongjiDomains: ' WWW.Example.com , m.example.com ' });
    expect((await read('statistics')).BaiduTongjiDomains).toBe('www.example.com,m.example.com');
    await refused('statistics', { BaiduTongjiDomains: 'www.example.com;evil' }, 'Baidu Tongji domains: host names separated by commas (e.g. www.example.com,m.example.com)');
    await save('statistics', { BaiduTongjiAccessToken: 'tok-123' });
    const after = await read('statistics');
    expect(after).toMatchObject({ BaiduTongjiAccessToken: '', hasBaiduTongjiAccessToken: true });
    expect(JSON.stringify(after)).not.toContain('tok-123');
    // an edit that leaves the secret empty keeps it
    await save('statistics', { BaiduTongjiAccessToken: '', StatisticsEnabled: 'N' });
    expect((await stored()).BaiduTongjiAccessToken).toBe('tok-123');
  });

  it('comment: on, review, sign-in, the longest comment', async () => {
    await saved('comment', { CommentEnabled: 'Y', CommentNeedAudit: 'N', CommentNeedLogin: 'N', CommentMaxLength: '1000' });
    await refused('comment', { CommentMaxLength: '0' }, 'Longest comment (characters) must be between 1 and 5000');
  });

  it('SEO: Baidu push site and token, sitemap defaults', async () => {
    await saved('seo', { BaiduPushSite: 'www.example.com', SitemapPageType: 'pc,mobile', SitemapUrlLimit: '10000' });
    await refused('seo', { SitemapUrlLimit: '60000' }, 'Links per sitemap file must be between 1 and 50000');
    await refused('seo', { BaiduPushSite: 'a.com,b.com' }, 'Baidu push site: host names separated by commas (e.g. www.example.com,m.example.com)');
  });

  it('refuses a key of another tab, and names the field in Chinese', async () => {
    expect((await save('seo', { CommentEnabled: 'Y' })).msg).toBe('Unknown setting: CommentEnabled');
    const zh = await ts.api('POST', '/cms/setting/watermark', { token: ts.admin, headers: { repeatSubmit: 'false' }, body: { WatermarkRatio: '5' } });
    expect(zh.msg).toBe('最大占比（%）必须介于 20 和 100 之间');
  });
});
