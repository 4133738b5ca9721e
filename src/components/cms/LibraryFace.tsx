import type { ResourceType } from '../../../shared/cms/resource-types.ts';
import { fileUrl } from '../widgets/ImagePreview.tsx';
import type { LibraryItem } from './resource-api.ts';
import './cms-resource.css';

const TYPE_ICON: Record<ResourceType, string> = { image: 'pi pi-image', audio: 'pi pi-volume-up', video: 'pi pi-video', file: 'pi pi-file' };

/**
 * The console's address of an item's file (or its thumbnail): with its last change as a version
 * once it was edited, since an edit replaces the file at the same address and the browser keeps
 * served resources for a day.
 */
export const libraryUrl = (item: Pick<LibraryItem, 'updateTime'>, path: string) =>
  item.updateTime ? `${fileUrl(path)}?v=${encodeURIComponent(item.updateTime)}` : fileUrl(path);

/** How an item looks small: an image by its thumbnail (or itself), anything else by its type's icon. */
export function LibraryFace({ item }: { item: LibraryItem }) {
  return item.resourceType === 'image' ? <img src={libraryUrl(item, item.thumbSrc ?? item.src)} alt="" loading="lazy" /> : <i className={TYPE_ICON[item.resourceType]} aria-hidden="true" />;
}

