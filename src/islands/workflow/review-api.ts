import { http } from '../../lib/request.ts';
import { BASE_PATH } from '../../../shared/constants.ts';

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

export const REVIEWS_PATH = `${BASE_PATH}workflow/review`;

export const fetchReviews = async (list: ReviewList, pageNum: number, pageSize: number) =>
  (await http.get<{ rows: ReviewTask[]; total: number }>(`/workflow/review/${list}`, { pageNum, pageSize })).data ?? { rows: [], total: 0 };

export const decide = (taskId: number, decision: Decision, comment: string) =>
  http.post(`/workflow/review/${taskId}/${decision}`, comment ? { comment } : {}, { quiet: true });

export const fetchHistory = async (contentId: number) =>
  (await http.get<ReviewHistoryRow[]>(`/workflow/review/history/${contentId}`, undefined, { quiet: true })).data ?? [];
