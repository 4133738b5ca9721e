import { atom } from 'nanostores';
import { readItem, writeItem } from '../lib/web-storage.ts';
import { CONTROL_SIZES, DEFAULT_CONTROL_SIZE, MOBILE_BREAKPOINT_PX, STORAGE_KEYS, type ControlSize } from '../../shared/constants.ts';

/**
 * Sidebar, device and control size (spec §4, §9). The sidebar state ('1' open, '0' collapsed) and
 * the size are stored locally; the device follows the body width.
 */
export type Device = 'desktop' | 'mobile';

export interface SidebarState {
  opened: boolean;
  /** the last change should not animate (switching to mobile) */
  withoutAnimation: boolean;
}

const read = (key: string) => readItem('localStorage', key);
const write = (key: string, value: string) => writeItem('localStorage', key, value);

export const deviceFor = (width: number): Device => (width < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop');

const initialWidth = typeof document === 'undefined' ? MOBILE_BREAKPOINT_PX : document.body?.getBoundingClientRect().width || window.innerWidth;
export const $device = atom<Device>(deviceFor(initialWidth));
export const $sidebar = atom<SidebarState>({
  opened: read(STORAGE_KEYS.sidebarStatus) !== '0' && $device.get() === 'desktop',
  withoutAnimation: false,
});

export function toggleSidebar(): void {
  const opened = !$sidebar.get().opened;
  $sidebar.set({ opened, withoutAnimation: false });
  // On a phone the sidebar is an overlay: opening it there is not a preference to remember.
  if ($device.get() === 'desktop') write(STORAGE_KEYS.sidebarStatus, opened ? '1' : '0');
}

export function closeSidebar(withoutAnimation: boolean): void {
  $sidebar.set({ opened: false, withoutAnimation });
  if ($device.get() === 'desktop') write(STORAGE_KEYS.sidebarStatus, '0');
}

/** Body width changed: switching to mobile closes the sidebar at once (spec §4). */
export function updateDevice(width: number): void {
  const next = deviceFor(width);
  const prev = $device.get();
  if (next === prev) return;
  $device.set(next);
  if (next === 'mobile') $sidebar.set({ opened: false, withoutAnimation: true });
  else $sidebar.set({ opened: read(STORAGE_KEYS.sidebarStatus) !== '0', withoutAnimation: true });
}

/** A route change on mobile closes an open sidebar (spec §4). */
export function onRouteChange(): void {
  if ($device.get() === 'mobile' && $sidebar.get().opened) $sidebar.set({ opened: false, withoutAnimation: false });
}

const isSize = (v: unknown): v is ControlSize => (CONTROL_SIZES as readonly unknown[]).includes(v);
export const $size = atom<ControlSize>(((v) => (isSize(v) ? v : DEFAULT_CONTROL_SIZE))(read(STORAGE_KEYS.size)));
export function setSize(size: ControlSize): void {
  $size.set(size);
  write(STORAGE_KEYS.size, size);
}
