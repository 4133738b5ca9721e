import { http } from '../../../lib/request.ts';
import { MODEL_API } from '../../../../shared/workflow/keys.ts';

/** Calls of the review designer (docs/review-workflows.md: the model's routes). */
const API = MODEL_API;

export interface ModelRow {
  modelId: number;
  modelKey: string;
  name: string;
  /** the latest deployed version; 0: never deployed */
  version: number;
  /** dict WorkflowModelStatus: '0' active, '1' suspended */
  status: string;
}

export interface VersionRow {
  versionId: number;
  version: number;
  deployBy: string;
  deployTime: string;
}

export interface Choice {
  value: string;
  label: string;
}

export const fetchModel = async (id: number) => (await http.get<ModelRow>(`${API}/${id}`)).data!;
export const fetchDraft = async (id: number) => (await http.get<{ xml: string }>(`${API}/${id}/xml`)).data?.xml ?? '';
export const saveDraft = (id: number, xml: string) => http.put(`${API}/${id}/xml`, { xml }, { quiet: true });
/** Quiet: a refusal (an unsupported element…) is shown in the designer, in the server's words. */
export const deployModel = async (id: number) => (await http.post<{ version: number }>(`${API}/${id}/deploy`, undefined, { quiet: true })).data!.version;
export const fetchVersions = async (id: number) => (await http.get<VersionRow[]>(`${API}/${id}/versions`)).data ?? [];

/**
 * The system's users and roles to choose candidates from. Quiet and empty when refused: one may
 * design without the user list's key, and sees the candidates already named.
 */
export async function fetchCandidates(): Promise<{ users: Choice[]; roles: Choice[] }> {
  const rows = async <R,>(url: string) => {
    try {
      return (await http.get<{ rows: R[] }>(url, { pageNum: 1, pageSize: 1000 }, { quiet: true })).data?.rows ?? [];
    } catch {
      return [];
    }
  };
  const [users, roles] = await Promise.all([
    rows<{ userName: string; nickName?: string }>('/system/user/list'),
    rows<{ roleKey: string; roleName?: string }>('/system/role/list'),
  ]);
  return {
    users: users.map((u) => ({ value: u.userName, label: u.nickName && u.nickName !== u.userName ? `${u.nickName} (${u.userName})` : u.userName })),
    roles: roles.map((r) => ({ value: r.roleKey, label: r.roleName && r.roleName !== r.roleKey ? `${r.roleName} (${r.roleKey})` : r.roleKey })),
  };
}
