import { http } from '../../../lib/request.ts';
import type { ContentType } from '../../../../shared/cms/content.ts';
import type { ChapterAction } from './chapter-model.ts';

/** The calls of the content editors (issue 10 §2); the server's routes are server/modules/cms/content/. */
type Row = Record<string, unknown>;
const API = '/cms/content';
const CHAPTERS = '/cms/book/chapter';

/** A new content's defaults in a catalog the user may add to. */
export const initNew = async (catalogId: number, contentType: ContentType) =>
  (await http.get<Row>(`${API}/init/${catalogId}/${contentType}/0`, undefined, { quiet: true })).data ?? {};

/** A stored content with every field, its type's part and its relations. */
export const loadStored = async (contentId: number, quiet = true) => (await http.get<Row>(`${API}/${contentId}`, undefined, { quiet })).data ?? {};

/** Saves (adds or updates); failures come back unshown so the editor can place them. */
export async function saveContent(type: ContentType, body: Row, isNew: boolean): Promise<{ contentId: number; version: number }> {
  const call = isNew ? http.post : http.put;
  const r = await call<{ contentId: number; version: number }>(`${API}?contentType=${type}`, body, { quiet: true, headers: { repeatSubmit: false } });
  return r.data!;
}

export const publish = async (id: number) => (await http.post<{ published: number; scheduled: number }>(`${API}/publish`, { contentIds: [id] })).data;
export const toPublish = async (id: number) => void (await http.post(`${API}/toPublish`, { contentIds: [id] }));
/** On top until `until` (null: until cancelled), or off top. */
export const setTop = async (id: number, top: boolean, until: string | null) =>
  void (top ? await http.post(`${API}/top`, { contentIds: [id], topEndTime: until }, { quiet: true, headers: { repeatSubmit: false } }) : await http.post(`${API}/cancelTop`, { contentIds: [id] }, { quiet: true, headers: { repeatSubmit: false } }));
export const offline = async (id: number) => void (await http.post(`${API}/offline`, { contentIds: [id] }));

export interface PipeOption { pipeCode: string; pipeName: string }
export const fetchPipes = async () => (await http.get<PipeOption[]>('/cms/publishpipe/selectData', undefined, { quiet: true })).data ?? [];

export interface ContentHit { contentId: number; title: string; contentType: string; status: string; publishDate: string | null }
export async function searchContents(q: { title: string; pageNum: number; pageSize: number }) {
  const data = (await http.get<{ rows: ContentHit[]; total: number | string }>(`${API}/list`, q)).data;
  return { rows: data?.rows ?? [], total: Number(data?.total ?? 0) };
}

export interface MediaFacts { format: string | null; duration: number | null; bitRate: number | null; samplingRate: number | null; channels: number | null; width: number | null; height: number | null; frameRate: number | null }
export const mediaFacts = async (resourceId: number) => (await http.get<MediaFacts>(`/cms/resource/media/${resourceId}`, undefined, { quiet: true })).data!;

// ---- book chapters

export const listChapters = async (contentId: number) => (await http.get<{ rows: Row[] }>(`${CHAPTERS}/list`, { contentId })).data?.rows ?? [];
export const loadChapter = async (chapterId: number) => (await http.get<Row>(`${CHAPTERS}/${chapterId}`)).data ?? {};
export interface ChapterBody { title: string; content: string; publishDate: string | null; action: ChapterAction }
export async function saveChapter(contentId: number, chapterId: number | null, body: ChapterBody): Promise<number> {
  if (chapterId) {
    await http.put(CHAPTERS, { chapterId, ...body }, { quiet: true, headers: { repeatSubmit: false } });
    return chapterId;
  }
  return (await http.post<{ chapterId: number }>(CHAPTERS, { contentId, ...body }, { quiet: true, headers: { repeatSubmit: false } })).data!.chapterId;
}
export const deleteChapters = async (chapterIds: number[]) => void (await http.delete(CHAPTERS, { chapterIds }));
export const sortChapters = async (contentId: number, chapterIds: number[]) => void (await http.post(`${CHAPTERS}/sort`, { contentId, chapterIds }, { headers: { repeatSubmit: false } }));

/** The editor's word check (server/modules/cms/word/check-routes.ts): the sensitive and error-prone words of a text, with their places. */
export const checkSensitive = async (text: string) => (await http.post<{ word: string; start: number; end: number }[]>('/word/sensitiveword/check', { text }, { headers: { repeatSubmit: false } })).data ?? [];
export const checkErrorProne = async (text: string) => (await http.post<{ word: string; replaceWord: string; start: number; end: number }[]>('/word/errorproneword/check', { text }, { headers: { repeatSubmit: false } })).data ?? [];
