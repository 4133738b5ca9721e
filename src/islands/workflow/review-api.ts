import { http } from '../../lib/request.ts';
import { siteHeaders } from '../../lib/cms/site-scope.ts';

/** A review task as GET /workflow/review/todo|done send it (server/modules/workflow/reviews.ts). */
export interface ReviewTask {
  taskId: number;
  contentId: number;
  title: string;
  contentType: string;
  catalogId: number;
  catalogName: string | null;
  step: string;
  submitter: string;
  status: 'pending' | 'approved' | 'rejected';
  comment: string | null;
  createTime: string;
  endTime: string | null;
}

/** One line of a content's review history, oldest first. */
export interface ReviewHistoryRow {
  action: 'submit' | 'approve' | 'reject' | 'publish';
  step: string | null;
  userName: string;
  comment: string | null;
  time: string;
}

export type ReviewList = 'todo' | 'done';
export type Decision = 'approve' | 'reject';

export const fetchReviews = async (list: ReviewList, pageNum: number, pageSize: number) =>
  (await http.get<{ rows: ReviewTask[]; total: number }>(`/workflow/review/${list}`, { pageNum, pageSize })).data ?? { rows: [], total: 0 };

export const decide = (taskId: number, decision: Decision, comment: string) =>
  http.post(`/workflow/review/${taskId}/${decision}`, comment ? { comment } : {}, { quiet: true });

export const fetchHistory = async (contentId: number) =>
  (await http.get<ReviewHistoryRow[]>(`/workflow/review/history/${contentId}`, undefined, { quiet: true })).data ?? [];

/** A deployed model that may be bound (GET /workflow/binding… `models`). */
export interface BindableModel {
  modelId: number;
  name: string;
  /** dict WorkflowModelStatus: '0' active, '1' suspended */
  status: string;
}

/** Where a review model is bound: the site's default, or one catalog's own. */
export type BindingTarget = { kind: 'site'; siteId: number } | { kind: 'catalog'; catalogId: number };

export interface BindingState {
  /** the model bound here (null: none of its own) */
  modelId: number | null;
  /** for a catalog: the site's default, which reviews it when it has none of its own */
  siteModelId: number | null;
  models: BindableModel[];
}

const bindingUrl = (target: BindingTarget) => (target.kind === 'site' ? '/workflow/binding/site' : `/workflow/binding/catalog/${target.catalogId}`);
// A site's tabs work on that site whichever one the picker shows (site-scope.ts).
const bindingHeaders = (target: BindingTarget) => ({ headers: target.kind === 'site' ? siteHeaders(target.siteId) : {} });

export async function fetchBinding(target: BindingTarget): Promise<BindingState> {
  if (target.kind === 'catalog') {
    const data = (await http.get<BindingState>(bindingUrl(target), undefined, { quiet: true })).data;
    return data ?? { modelId: null, siteModelId: null, models: [] };
  }
  const data = (await http.get<{ siteModelId: number | null; models: BindableModel[] }>('/workflow/binding', undefined, { quiet: true, ...bindingHeaders(target) })).data;
  return { modelId: data?.siteModelId ?? null, siteModelId: null, models: data?.models ?? [] };
}

export const saveBinding = (target: BindingTarget, modelId: number | null) => http.put(bindingUrl(target), { modelId }, bindingHeaders(target));
