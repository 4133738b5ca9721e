import { Button } from 'primereact/button';

interface Props {
  label: string;
  icon: string;
  severity?: 'success' | 'warning' | 'danger';
  disabled?: boolean;
  onClick(): void;
  testId?: string;
}

/** A row action as an icon named by its tooltip (and for screen readers): the list's columns stay in view beside the tree. */
export function IconAction({ label, icon, severity, disabled, onClick, testId }: Props) {
  return <Button text rounded size="small" severity={severity} icon={`pi ${icon}`} aria-label={label} tooltip={label} tooltipOptions={{ position: 'top' }} disabled={disabled} onClick={onClick} data-testid={testId} />;
}
