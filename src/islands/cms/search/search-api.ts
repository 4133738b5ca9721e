import { http } from '../../../lib/request.ts';

/** The search's console calls (server/modules/cms/search/routes.ts), all on the current site. */

/** A row of GET /cms/search/contents: title and snippet HTML-escaped with <em> around hits. */
export interface IndexedRow {
  contentId: number;
  title: string;
  titleHighlight: string;
  snippet: string;
  catalogId: number;
  catalogName: string;
  contentType: string;
  publishDate: string | null;
}

export interface IndexedPage {
  rows: IndexedRow[];
  total: number;
  /** false: `total` is an estimate (a common word on a large site: docs/search.md) */
  totalExact: boolean;
}

export interface IndexQuery {
  query?: string;
  onlyTitle?: boolean;
  contentType?: string;
  catalogId?: number;
  includeChild?: boolean;
  pageNum: number;
  pageSize: number;
}

export async function searchIndexed(q: IndexQuery): Promise<IndexedPage> {
  const res = await http.get<IndexedPage>('/cms/search/contents', { ...q, onlyTitle: q.onlyTitle ? 'true' : undefined, includeChild: q.includeChild ? 'true' : undefined });
  return { rows: res.data?.rows ?? [], total: Number(res.data?.total ?? 0), totalExact: res.data?.totalExact !== false };
}

/** The indexed document as stored, its terms (`tsv`) as PostgreSQL writes a tsvector. */
export type IndexedDoc = Record<string, unknown> & { contentId: number; title: string; tsv: string };
export const indexedDoc = async (contentId: number) => (await http.get<IndexedDoc>(`/cms/search/content/${contentId}`)).data ?? null;
export const buildOne = (contentId: number) => http.post(`/cms/search/build/${contentId}`);
export const removeIndexed = (contentIds: number[]) => http.post<{ removed: number }>('/cms/search/contents/delete', { contentIds });
export const startRebuild = () => http.post<{ taskId: string }>('/cms/search/rebuild');

export interface RebuildState {
  total: number;
  done: number;
  startTime: string;
}
export const rebuildState = async () => (await http.get<RebuildState | null>('/cms/search/rebuild')).data ?? null;

export type WordType = 'WORD' | 'STOP';
export const WORD_TYPES: readonly WordType[] = ['WORD', 'STOP'];
export interface DictWord {
  wordId: number;
  word: string;
  wordType: WordType;
  createBy: string;
  createTime: string;
}
export async function dictWords(q: { wordType?: string; query?: string; pageNum: number; pageSize: number }) {
  const res = await http.get<{ rows: DictWord[]; total: number }>('/search/dict', q);
  return { rows: res.data?.rows ?? [], total: Number(res.data?.total ?? 0) };
}
export const addDictWords = (wordType: WordType, words: string[]) => http.post<{ added: number }>('/search/dict', { wordType, words });
export const removeDictWords = (wordIds: number[]) => http.post<{ removed: number }>('/search/dict/delete', { wordIds });

/** One word of a segmented text: its term (null: a stop word, not indexed) and its sub-words. */
export interface Segment {
  word: string;
  term: string | null;
  subWords: string[];
}
// A read: the same text analyzed again (after a word was added) is no repeated submit.
export const analyze = async (text: string) => (await http.post<Segment[]>('/search/dict/analyze', { text }, { headers: { repeatSubmit: false } })).data ?? [];
