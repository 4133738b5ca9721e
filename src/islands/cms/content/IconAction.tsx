import { useEffect, useMemo, useRef, useState } from 'react';
import { Tooltip } from 'primereact/tooltip';

interface Props {
  label: string;
  icon: string;
  severity?: 'success' | 'warning' | 'danger';
  disabled?: boolean;
  onClick(): void;
  testId?: string;
}

const TIP_TARGET = 'icon-action';

/**
 * A row action as an icon named by its tooltip (and for screen readers): the list's columns stay
 * in view beside the tree. The markup of PrimeReact's icon-only text button, without the component:
 * a page of contents has up to a hundred of them, and each PrimeReact Button with a tooltip mounted
 * a Tooltip of its own; one `IconActionTips` per table shows them all.
 */
export function IconAction({ label, icon, severity, disabled, onClick, testId }: Props) {
  const className = ['p-button p-component p-button-icon-only p-button-text p-button-rounded p-button-sm', severity ? `p-button-${severity}` : '', disabled ? 'p-disabled' : '', TIP_TARGET]
    .filter(Boolean)
    .join(' ');
  return (
    <button type="button" className={className} aria-label={label} data-pr-tooltip={label} disabled={disabled} onClick={onClick} data-testid={testId}>
      <span className={`p-button-icon p-c pi ${icon}`} />
      <span className="p-button-label p-c">&nbsp;</span>
    </button>
  );
}

/**
 * The tooltips of the row actions inside the element of class `within` (a table: two may be
 * mounted at once, in two tabs). PrimeReact's Tooltip binds the elements its selector finds when it
 * updates, not when it mounts, and it is memoised: its class changes with `rows` (and once after
 * mounting), so it updates, unbinds the buttons it bound and binds those drawn now.
 */
export function IconActionTips({ within, rows }: { within: string; rows: unknown }) {
  const [mounted, setMounted] = useState(0);
  useEffect(() => setMounted(1), []);
  const count = useRef(0);
  const version = useMemo(() => ++count.current, [rows]);
  return <Tooltip target={`.${within} .${TIP_TARGET}`} position="top" className={`icon-action-tip-${version + mounted}`} />;
}
