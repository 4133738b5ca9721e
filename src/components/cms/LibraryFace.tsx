import type { ResourceType } from '../../../shared/cms/resource-types.ts';
import { fileUrl } from '../widgets/ImagePreview.tsx';
import type { LibraryItem } from './resource-api.ts';
import './cms-resource.css';

const TYPE_ICON: Record<ResourceType, string> = { image: 'pi pi-image', audio: 'pi pi-volume-up', video: 'pi pi-video', file: 'pi pi-file' };

/** How an item looks small: an image by its thumbnail (or itself), anything else by its type's icon. */
export function LibraryFace({ item }: { item: LibraryItem }) {
  return item.resourceType === 'image' ? <img src={fileUrl(item.thumbSrc ?? item.src)} alt="" loading="lazy" /> : <i className={TYPE_ICON[item.resourceType]} aria-hidden="true" />;
}

