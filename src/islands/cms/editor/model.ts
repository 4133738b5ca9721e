import type { ContentType } from '../../../../shared/cms/content.ts';
import { fenToYuan, yuanToFen } from '../../../lib/cms/price.ts';

/**
 * The editor's form: every field of spec §3 Content plus each type's part, in the shape the editor
 * edits (dates as "yyyy-MM-dd HH:mm:ss", the price as typed yuan). `fromServer` and `toBody`
 * translate to and from the API; what is kept as a local draft is this form as it is.
 */
export interface ImageItem { key: string; title: string; description: string; path: string; width: number | null; height: number | null; fileSize: number | null; redirectUrl: string }
export interface AudioItem { key: string; title: string; author: string; description: string; path: string; fileSize: number | null; format: string; duration: number | null; bitRate: number | null; samplingRate: number | null; channels: number | null }
export interface VideoItem { key: string; source: 'file' | 'code'; title: string; description: string; path: string; cover: string; fileSize: number | null; resolution: string; frameRate: number | null; duration: number | null; format: string; code: string }
export interface BookForm { publicationDate: string; publisher: string; pages: number | null; words: number | null; producer: string; originalTitle: string; translators: string; priceYuan: string; completed: 'Y' | 'N'; intro: string }
export interface ChapterRow { chapterId: number; title: string; status: string; publishDate: string | null; wordCount: number }

export interface EditorForm {
  contentId: number;
  catalogId: number;
  catalogName: string;
  contentType: ContentType;
  title: string;
  subTitle: string;
  shortTitle: string;
  logo: string;
  author: string;
  editor: string;
  original: 'Y' | 'N';
  summary: string;
  tags: string[];
  keywords: string[];
  source: string;
  sourceUrl: string;
  publishDate: string | null;
  offlineDate: string | null;
  publishPipe: string[];
  /** per pipe code: its own detail template (empty = the catalog's) */
  templates: Record<string, string>;
  staticPath: string;
  linkFlag: 'Y' | 'N';
  redirectUrl: string;
  attributes: string[];
  /** on top of its lists (spec §4), until `topEndTime` (null = until cancelled); applied by the workflow's own call */
  top: boolean;
  topEndTime: string | null;
  seoTitle: string;
  seoKeywords: string;
  seoDescription: string;
  relaContents: { contentId: number; title: string }[];
  contentHtml: string;
  images: ImageItem[];
  audios: AudioItem[];
  videos: VideoItem[];
  book: BookForm;
}

/** What the server says about the stored content beside the form: workflow state, lock, version. */
export interface ContentState {
  status: string;
  version: number;
  isLock: 'Y' | 'N';
  lockUser: string | null;
  top: boolean;
  topDate: string | null;
  copyType: number;
  updateBy: string | null;
  updateTime: string | null;
}

type Row = Record<string, unknown>;
let seq = 0;
/** A key for an album item while it is edited (React lists, drag and drop); never sent. */
export const itemKey = () => `i${Date.now().toString(36)}${(seq++).toString(36)}`;

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown) => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));
const list = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : []);
const words = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

export const emptyImage = (path = ''): ImageItem => ({ key: itemKey(), title: '', description: '', path, width: null, height: null, fileSize: null, redirectUrl: '' });
export const emptyAudio = (): AudioItem => ({ key: itemKey(), title: '', author: '', description: '', path: '', fileSize: null, format: '', duration: null, bitRate: null, samplingRate: null, channels: null });
export const emptyVideo = (source: VideoItem['source'] = 'file'): VideoItem => ({ key: itemKey(), source, title: '', description: '', path: '', cover: '', fileSize: null, resolution: '', frameRate: null, duration: null, format: '', code: '' });
const emptyBook = (): BookForm => ({ publicationDate: '', publisher: '', pages: null, words: null, producer: '', originalTitle: '', translators: '', priceYuan: '', completed: 'N', intro: '' });

/** The form of a content as the server sends it (the editor's init or a stored content). */
export function fromServer(c: Row): EditorForm {
  const props = (c.publishPipeProps ?? {}) as Record<string, { template?: string }>;
  const book = (c.book ?? {}) as Row;
  return {
    contentId: Number(c.contentId ?? 0),
    catalogId: Number(c.catalogId),
    catalogName: str(c.catalogName),
    contentType: c.contentType as ContentType,
    title: str(c.title),
    subTitle: str(c.subTitle),
    shortTitle: str(c.shortTitle),
    logo: str(c.logo),
    author: str(c.author),
    editor: str(c.editor),
    original: c.original === 'Y' ? 'Y' : 'N',
    summary: str(c.summary),
    tags: words(c.tags),
    keywords: words(c.keywords),
    source: str(c.source),
    sourceUrl: str(c.sourceUrl),
    publishDate: (c.publishDate as string | null) ?? null,
    offlineDate: (c.offlineDate as string | null) ?? null,
    publishPipe: words(c.publishPipe),
    templates: Object.fromEntries(Object.entries(props).map(([pipe, p]) => [pipe, str(p?.template)])),
    staticPath: str(c.staticPath),
    linkFlag: c.linkFlag === 'Y' ? 'Y' : 'N',
    redirectUrl: str(c.redirectUrl),
    attributes: words(c.attributes),
    top: Number(c.topFlag ?? 0) > 0,
    topEndTime: Number(c.topFlag ?? 0) > 0 ? ((c.topDate as string | null) ?? null) : null,
    seoTitle: str(c.seoTitle),
    seoKeywords: str(c.seoKeywords),
    seoDescription: str(c.seoDescription),
    relaContents: list(c.relaContents).map((r) => ({ contentId: Number(r.contentId), title: str(r.title) })),
    contentHtml: str(c.contentHtml),
    images: list(c.images).map((i) => ({ ...emptyImage(), title: str(i.title), description: str(i.description), path: str(i.path), width: num(i.width), height: num(i.height), fileSize: num(i.fileSize), redirectUrl: str(i.redirectUrl) })),
    audios: list(c.audios).map((a) => ({ ...emptyAudio(), title: str(a.title), author: str(a.author), description: str(a.description), path: str(a.path), fileSize: num(a.fileSize), format: str(a.format), duration: num(a.duration), bitRate: num(a.bitRate), samplingRate: num(a.samplingRate), channels: num(a.channels) })),
    videos: list(c.videos).map((v) => ({ ...emptyVideo(v.code ? 'code' : 'file'), title: str(v.title), description: str(v.description), path: str(v.path), cover: str(v.cover), fileSize: num(v.fileSize), resolution: str(v.resolution), frameRate: num(v.frameRate), duration: num(v.duration), format: str(v.format), code: str(v.code) })),
    book: { ...emptyBook(), publicationDate: str(book.publicationDate), publisher: str(book.publisher), pages: num(book.pages), words: num(book.words), producer: str(book.producer), originalTitle: str(book.originalTitle), translators: str(book.translators), priceYuan: fenToYuan(num(book.price)), completed: book.completed === 'Y' ? 'Y' : 'N', intro: str(book.intro) },
  };
}

export function stateFromServer(c: Row): ContentState {
  return {
    status: str(c.status) || '0',
    version: Number(c.version ?? 0),
    isLock: c.isLock === 'Y' ? 'Y' : 'N',
    lockUser: (c.lockUser as string | null) ?? null,
    top: Number(c.topFlag ?? 0) > 0,
    topDate: (c.topDate as string | null) ?? null,
    copyType: Number(c.copyType ?? 0),
    updateBy: (c.updateBy as string | null) ?? null,
    updateTime: (c.updateTime as string | null) ?? null,
  };
}

/** "yyyy-MM-dd HH:mm:ss" (local) → an instant the server reads without guessing a zone. */
const instant = (s: string | null) => (s ? new Date(s.replace(' ', 'T')).toISOString() : null);
const optional = (s: string) => (s.trim() === '' ? undefined : s);

/** The save body of the form (spec §3 fields and the type's part), as the shared schemas read it. */
export function toBody(form: EditorForm, version: number): Row {
  const body: Row = {
    catalogId: form.catalogId,
    title: form.title,
    subTitle: form.subTitle,
    shortTitle: form.shortTitle,
    logo: form.logo,
    author: form.author,
    editor: form.editor,
    original: form.original,
    summary: form.summary,
    tags: form.tags,
    keywords: form.keywords,
    source: form.source,
    sourceUrl: form.sourceUrl,
    publishDate: instant(form.publishDate),
    offlineDate: instant(form.offlineDate),
    publishPipe: form.publishPipe,
    publishPipeProps: Object.fromEntries(Object.entries(form.templates).filter(([, t]) => t.trim()).map(([pipe, template]) => [pipe, { template: template.trim() }])),
    staticPath: form.staticPath,
    linkFlag: form.linkFlag,
    redirectUrl: form.redirectUrl,
    attributes: form.attributes,
    seoTitle: form.seoTitle,
    seoKeywords: form.seoKeywords,
    seoDescription: form.seoDescription,
    relaContentIds: form.relaContents.map((r) => r.contentId),
  };
  if (form.contentId) Object.assign(body, { contentId: form.contentId, version });
  switch (form.contentType) {
    case 'article':
      body.contentHtml = form.contentHtml;
      break;
    case 'image':
      body.images = form.images.map(({ key: _k, ...i }) => i);
      break;
    case 'audio':
      body.audios = form.audios.map(({ key: _k, ...a }) => a);
      break;
    case 'video':
      body.videos = form.videos.map(({ key: _k, source, ...v }) => (source === 'code' ? { ...v, path: '', fileSize: null } : { ...v, code: '' }));
      break;
    case 'book': {
      const { priceYuan, ...book } = form.book;
      body.book = { ...book, publicationDate: optional(book.publicationDate) ?? '', price: yuanToFen(priceYuan) };
      break;
    }
  }
  return body;
}
