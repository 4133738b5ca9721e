import { http } from '../../../lib/request.ts';

/** A group as ChestnutCMS's tree data gives it (tag word groups nest; hot word groups are flat). */
export interface GroupNode {
  id: number;
  parentId: number;
  name: string;
  props: { code: string; sortFlag: number };
  children: GroupNode[];
}

export const fetchGroupTree = async (api: string) => (await http.get<GroupNode[]>(`${api}/treedata`, undefined, { quiet: true })).data ?? [];

export const batchAddTagWords = async (groupId: number, words: string) =>
  (await http.post<{ added: string[]; skipped: string[] }>('/word/tagword/batchAdd', { groupId, words })).data ?? { added: [], skipped: [] };

/** The current site's tag words matching what is typed, most used first (the editor's tag field). */
export const suggestTagWords = async (query: string) =>
  ((await http.get<{ word: string }[]>('/word/tagword/suggest', { query }, { quiet: true })).data ?? []).map((r) => r.word);
