import BoundTooltip from '../../../components/widgets/BoundTooltip.tsx';

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
 * mounted at once, in two tabs), bound again whenever its rows are drawn anew.
 */
export function IconActionTips({ within, rows }: { within: string; rows: unknown }) {
  return <BoundTooltip target={`.${within} .${TIP_TARGET}`} position="top" className="icon-action-tip" rebindOn={rows} />;
}
