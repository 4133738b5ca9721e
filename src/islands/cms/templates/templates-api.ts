import { http } from '../../../lib/request.ts';
import type { TemplateRow } from '../../../../shared/validators/template.ts';
import type { PageType } from '../../../../shared/cms/template-registry.ts';
export type { TemplateRow };

/** The calls of the template screens and the workbench (server/modules/cms/template/routes.ts). */

const API = '/cms/template';
/** Typing sends these again and again: not a repeated submit. */
const typing = { headers: { repeatSubmit: false }, quiet: true } as const;


export interface TemplateProblem {
  template: string;
  line: number;
  col: number;
  message: string;
}

export interface TemplateDetail {
  publishPipeCode: string;
  path: string;
  content: string;
  pageTypes: PageType[];
  usedBy: string[];
}

export interface VersionRow {
  versionId: number;
  createBy: string;
  createTime: string;
  size: number;
}

export type PreviewReply =
  | { ok: true; frameUrl: string; file: string; template: string; templates: string[]; usesTemplate: boolean; pageNo: number; pageTotal: number }
  | { ok: false; problem: TemplateProblem };

export interface PreviewTarget {
  catalogId?: number;
  contentId?: number;
  pageNo?: number;
}

export const listTemplates = async (publishPipeCode: string, filename = '') =>
  (await http.get<{ rows: TemplateRow[] }>(`${API}/list`, { publishPipeCode, filename })).data?.rows ?? [];
export const readTemplate = async (publishPipeCode: string, path: string) => (await http.get<TemplateDetail>(`${API}/detail`, { publishPipeCode, path })).data!;
export const addTemplate = (publishPipeCode: string, path: string) => http.post(API, { publishPipeCode, path });
export const saveTemplate = async (publishPipeCode: string, path: string, content: string) =>
  (await http.put<{ problems: TemplateProblem[] }>(API, { publishPipeCode, path, content }, { headers: { repeatSubmit: false } })).data?.problems ?? [];
export const renameTemplate = (publishPipeCode: string, path: string, newPath: string) => http.post(`${API}/rename`, { publishPipeCode, path, newPath });
export const deleteTemplates = (publishPipeCode: string, paths: string[]) => http.delete(API, { publishPipeCode, paths });
export const checkTemplate = async (path: string, content: string) => (await http.post<TemplateProblem[]>(`${API}/check`, { path, content }, typing)).data ?? [];

export const listVersions = async (publishPipeCode: string, path: string) =>
  (await http.get<{ rows: VersionRow[] }>(`${API}/versions`, { publishPipeCode, path }, { quiet: true })).data?.rows ?? [];
export const readVersion = async (versionId: number) => (await http.get<{ content: string; createTime: string }>(`${API}/version`, { versionId })).data!;
export const restoreVersion = async (versionId: number) =>
  (await http.post<{ content: string; problems: TemplateProblem[] }>(`${API}/version/restore`, { versionId })).data!;

export const previewTemplate = async (publishPipeCode: string, path: string, content: string, target: PreviewTarget) =>
  (await http.post<PreviewReply>(`${API}/preview`, { publishPipeCode, path, content, ...target }, typing)).data!;

/**
 * "Republish pages using this template" (the publisher's route, POST /cms/publish/template): the
 * reply's message is shown as it comes, whatever the server says (count queued, or why not).
 */
export async function republishTemplate(pipeCode: string, path: string): Promise<{ ok: true; data: unknown; msg: string } | { ok: false; msg: string }> {
  try {
    const reply = await http.post<unknown>('/cms/publish/template', { pipeCode, path }, { quiet: true });
    return { ok: true, data: reply.data, msg: reply.msg ?? '' };
  } catch (err) {
    return { ok: false, msg: err instanceof Error ? err.message : String(err) };
  }
}
