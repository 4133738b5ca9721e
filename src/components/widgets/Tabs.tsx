import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  key: string;
  header: ReactNode;
  /** drawn only while the tab is active, as PrimeReact's TabView does by default */
  content(): ReactNode;
}

interface Props {
  tabs: readonly TabItem[];
  active: number;
  onChange(index: number): void;
  className?: string;
}

/**
 * Tabs with PrimeReact TabView's markup and classes (the theme styles them), for a screen's first
 * draw: TabView measures its ink bar (a forced layout of the whole page) after every render of its
 * owner, though the theme hides that bar; on the content list's first load that was ~55 ms of the
 * ~350 ms between its last module and its rows (issue 12). Keyboard as WAI-ARIA's tabs: arrows,
 * Home and End move between tabs, Enter or Space opens one; a click opens it.
 */
export function Tabs({ tabs, active, onChange, className }: Props) {
  const id = useId();
  const nav = useRef<HTMLUListElement>(null);
  const focus = (index: number) => nav.current?.querySelectorAll<HTMLElement>('[role=tab]')[index]?.focus();
  const onKeyDown = (index: number) => (e: KeyboardEvent) => {
    const last = tabs.length - 1;
    if (e.key === 'ArrowRight') focus(index === last ? 0 : index + 1);
    else if (e.key === 'ArrowLeft') focus(index === 0 ? last : index - 1);
    else if (e.key === 'Home') focus(0);
    else if (e.key === 'End') focus(last);
    else if (e.key === 'Enter' || e.key === ' ') onChange(index);
    else return;
    e.preventDefault();
  };
  const current = tabs[active];
  return (
    <div className={className ? `${className} p-tabview p-component` : 'p-tabview p-component'}>
      <div className="p-tabview-nav-container">
        <div className="p-tabview-nav-content">
          <ul className="p-tabview-nav" role="tablist" ref={nav}>
            {tabs.map((tab, i) => (
              <li key={tab.key} className={i === active ? 'p-unselectable-text p-tabview-selected p-highlight' : 'p-unselectable-text'} role="presentation">
                <a
                  id={`${id}-tab-${i}`}
                  role="tab"
                  className="p-tabview-nav-link"
                  tabIndex={i === active ? 0 : -1}
                  aria-controls={`${id}-panel-${i}`}
                  aria-selected={i === active}
                  onClick={() => onChange(i)}
                  onKeyDown={onKeyDown(i)}
                >
                  <span className="p-tabview-title">{tab.header}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="p-tabview-panels">
        {current ? (
          <div id={`${id}-panel-${active}`} className="p-tabview-panel" role="tabpanel" aria-labelledby={`${id}-tab-${active}`}>
            {current.content()}
          </div>
        ) : null}
      </div>
    </div>
  );
}
