/** The keys that open a closed select or multi-select; its stand-in remembers them as a click. */
export const OPEN_KEYS: ReadonlySet<string> = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/** An overlay component (PrimeReact's Menu, Dropdown) as openWhenPlaced drives it. */
export interface Overlaid {
  show(): void;
  hide(): void;
  /** the overlay's element once it is drawn */
  overlay(): HTMLElement | null | undefined;
  /** whether the overlay came out placed (default: it has a position; the calendar's: its layer) */
  placed?(el: HTMLElement): boolean;
}

/**
 * Opens an overlay component that has just mounted. Its overlay is a portal that mounts in a
 * render after the component's (PrimeReact's Portal sets its state in a mount effect): opened
 * before that, the overlay appears without its entering transition, which is what positions it,
 * and stays in the page's corner. So it opens a frame later and, if the overlay came out without a
 * position, closes and opens again.
 */
export function openWhenPlaced(target: Overlaid, tries = 10) {
  requestAnimationFrame(() => {
    target.show();
    requestAnimationFrame(() => {
      const el = target.overlay();
      if ((el && (target.placed ? target.placed(el) : el.style.top || el.style.position)) || tries <= 1) return;
      target.hide();
      openWhenPlaced(target, tries - 1);
    });
  });
}
