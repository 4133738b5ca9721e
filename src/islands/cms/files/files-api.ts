import { http } from '../../../lib/request.ts';
import { postDownload } from '../../../lib/download.ts';
import { postForm, type PostFormResult } from '../../../lib/multipart.ts';
import { FILE_API, THEME_API } from '../../../../shared/cms/site-files.ts';

/** The calls of the file manager, the file editor and themes (server/modules/cms/file/routes.ts). */

export interface FileRow {
  filePath: string;
  fileName: string;
  isDirectory: boolean;
  canEdit: boolean;
  fileSize: number;
  modifyTime: string | null;
}

export interface FolderNode {
  id: string;
  parentId: string;
  label: string;
  children: FolderNode[];
}

export const fetchTree = async () => (await http.get<{ tree: FolderNode[] }>(`${FILE_API}/directoryTreeData`)).data?.tree ?? [];
export const fetchFolder = async (filePath: string) => (await http.get<FileRow[]>(`${FILE_API}/list`, { filePath })).data ?? [];
export const addEntry = (dir: string, fileName: string, isDirectory: boolean) => http.post<{ filePath: string }>(`${FILE_API}/add`, { dir, fileName, isDirectory });
export const renameEntry = (filePath: string, rename: string) => http.post<{ filePath: string }>(`${FILE_API}/rename`, { filePath, rename });
export const deleteEntries = (paths: string[]) => http.post(`${FILE_API}/delete`, paths.map((filePath) => ({ filePath })));
export const readText = async (filePath: string) => (await http.post<string>(`${FILE_API}/read`, { filePath }, { headers: { repeatSubmit: false } })).data ?? '';
export const saveText = (filePath: string, fileContent: string) => http.post(`${FILE_API}/edit`, { filePath, fileContent }, { headers: { repeatSubmit: false } });

export function uploadInto(dir: string, file: File, overwrite: boolean, onProgress: (percent: number) => void, failedText: string): Promise<PostFormResult<{ filePath: string }>> {
  const body = new FormData();
  body.append('dir', dir);
  if (overwrite) body.append('overwrite', 'true');
  body.append('file', file);
  return postForm(`${FILE_API}/upload`, body, { onProgress, failedText });
}

export const exportTheme = () => postDownload(`${THEME_API}/exportTheme`, {}, 'theme.zip');

export function importTheme(file: File, onProgress: (percent: number) => void, failedText: string) {
  const body = new FormData();
  body.append('file', file);
  return postForm<{ pipes: string[]; files: number }>(`${THEME_API}/importTheme`, body, { onProgress, failedText });
}
