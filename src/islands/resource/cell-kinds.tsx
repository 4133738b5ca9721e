import { useState } from 'react';
import { fileUrl } from '../../components/widgets/ImagePreview.tsx';

/**
 * Cells a field's declaration asks for beyond text: an image field's thumbnail and a web address
 * as a link (`column.link`). Values are data an editor typed: only http(s) addresses become links.
 */

/** Only these open from a list: a stored `javascript:` or `data:` address stays text. */
const WEB_ADDRESS = /^https?:\/\//i;

/** An address as a link opening in a new tab that cannot reach back to the console (noopener). */
export function WebLink({ value }: { value: unknown }) {
  const text = value === null || value === undefined ? '' : String(value);
  if (!WEB_ADDRESS.test(text)) return <>{text}</>;
  return <a className="resource-cell-link" href={text} target="_blank" rel="noopener noreferrer">{text}</a>;
}

/**
 * An image field's thumbnail, at the address the server shows it at (a library file below the
 * API, or a bucket's address); nothing when there is none, a neutral mark when it does not load.
 */
export function ImageThumb({ value }: { value: unknown }) {
  const [broken, setBroken] = useState(false);
  const src = typeof value === 'string' ? value.trim() : '';
  if (!src) return null;
  if (broken) return <span className="resource-cell-image resource-cell-image-missing pi pi-image" aria-hidden="true" />;
  return <img className="resource-cell-image" src={fileUrl(src)} alt="" loading="lazy" onError={() => setBroken(true)} />;
}
