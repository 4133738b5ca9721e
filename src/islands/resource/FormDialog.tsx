import type { ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { translate } from '../../lib/i18n/i18n.ts';

interface Props {
  /** the form's id, which the footer's submit button points at */
  formId: string;
  header: ReactNode;
  /** CSS width of the dialog; it never outgrows the viewport */
  width: string;
  className?: string;
  testId?: string;
  saving: boolean;
  /** the submit button's label and icon when "submit" would say too little (e.g. "Send") */
  submitLabel?: string;
  submitIcon?: string | ReactNode;
  submitDisabled?: boolean;
  onSubmit(): void;
  onHide(): void;
  children: ReactNode;
}

/**
 * A dialog around one form with submit and cancel in its footer: the add/edit dialog and the
 * small forms of extensions (reset password, test send, import) all look and behave alike —
 * Enter submits, the submit button spins while saving, cancel closes.
 */
export function FormDialog({ formId, header, width, className, testId, saving, submitLabel, submitIcon, submitDisabled, onSubmit, onHide, children }: Props) {
  const footer = (
    <div className="resource-dialog-footer">
      <Button type="submit" form={formId} size="small" icon={submitIcon} label={submitLabel ?? translate('resource:submit')} loading={saving} disabled={submitDisabled} />
      <Button type="button" size="small" outlined severity="secondary" label={translate('resource:cancel')} onClick={onHide} />
    </div>
  );
  return (
    <Dialog visible header={header} onHide={onHide} footer={footer} style={{ width: `min(${width}, 95vw)` }} className={className} data-testid={testId} blockScroll>
      <form
        id={formId}
        className="resource-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Dialog>
  );
}
