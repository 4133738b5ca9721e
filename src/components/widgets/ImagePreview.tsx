import { Image } from 'primereact/image';
import { API_BASE } from '../../lib/request.ts';
import { useT } from '../../lib/i18n/react.ts';
import widgets from '../../lib/i18n/ns/widgets.ts';
import { splitFiles } from './upload-rules.ts';

/** Stored paths are relative to the API (like /profile/upload/a.png); full URLs pass through. */
export const fileUrl = (path: string) => (/^(?:https?:)?\/\//.test(path) || path.startsWith('data:') ? path : `${API_BASE}${path}`);

/** A thumbnail that opens a full-size preview (spec §2 image preview); the first of comma-separated paths. */
export function ImagePreview({ src, width = 60, height = 60 }: { src: string | null | undefined; width?: number; height?: number }) {
  const t = useT(widgets);
  const first = splitFiles(src)[0];
  if (!first) return <span className="image-preview-empty">{t('image.empty')}</span>;
  return <Image className="image-preview" src={fileUrl(first)} width={String(width)} height={String(height)} preview alt="" imageStyle={{ objectFit: 'cover', width, height }} />;
}
