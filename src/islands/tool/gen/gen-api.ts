import { http } from '../../../lib/request.ts';
import { zipDownload } from '../../../lib/download.ts';
import { GEN_API } from '../../../../shared/tool/gen-keys.ts';

/** An imported table's settings (GET /tool/gen/:tableId `info`). */
export interface GenTableInfo {
  tableId: number;
  tableName: string;
  tableComment: string | null;
  resourceName: string;
  moduleName: string;
  menuParent: string;
  menuId: number;
  permPrefix: string;
  titleZhCn: string;
  titleZhTw: string;
  titleEn: string;
}

/** One column's settings (GET /tool/gen/:tableId `rows`). */
export interface GenColumn {
  columnId: number;
  columnName: string;
  columnType: string;
  fieldName: string;
  isPk: boolean;
  labelZhCn: string;
  labelZhTw: string;
  labelEn: string;
  inList: boolean;
  inQuery: boolean;
  queryType: string;
  inForm: boolean;
  formWidget: string;
  dictType: string | null;
  required: boolean;
  maxLength: number | null;
}

export interface CatalogTable {
  tableName: string;
  tableComment: string | null;
}

const q = (s: string) => encodeURIComponent(s);

export const importableTables = async (tableName: string) =>
  (await http.get<{ rows: CatalogTable[] }>(`${GEN_API}/db/list`, { tableName, pageSize: 500 })).data?.rows ?? [];
export const importTables = (names: readonly string[]) => http.post(`${GEN_API}/importTable?tables=${q(names.join(','))}`);
export const fetchSpec = async (tableId: number) => (await http.get<{ info: GenTableInfo; rows: GenColumn[] }>(`${GEN_API}/${tableId}`)).data;
export const saveSpec = (body: Partial<GenTableInfo> & { tableId: number; columns: Partial<GenColumn>[] }) => http.put(GEN_API, body);
export const previewFiles = async (tableId: number) => (await http.get<Record<string, string>>(`${GEN_API}/preview/${tableId}`)).data ?? {};
export const downloadZip = (tableName: string) => zipDownload(`${GEN_API}/download/${q(tableName)}`, `${tableName}.zip`);
export const syncTable = async (tableName: string) => (await http.get<{ added: string[]; removed: string[] }>(`${GEN_API}/synchDb/${q(tableName)}`)).data;
export const writeCode = async (tableName: string) => (await http.get<string[]>(`${GEN_API}/genCode/${q(tableName)}`)).data ?? [];
