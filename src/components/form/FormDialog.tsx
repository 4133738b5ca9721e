import { useEffect, useRef, type ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { translate } from '../../lib/i18n/i18n.ts';
import '../../lib/i18n/ns/common.ts';
import '../../lib/i18n/ns/resource.ts';
import { askToConfirm } from './confirm.ts';
import { escapeClosesOverlay, isMaskClick, watchDialogDismissals } from './dialog-dismiss.ts';
import { useInvalidReport } from './invalid-report.ts';
import './form.css';

interface Props {
  /** the form's id, which the footer's submit button points at */
  formId: string;
  header: ReactNode;
  /** CSS width of the dialog; it never outgrows the viewport */
  width: string;
  className?: string;
  testId?: string;
  saving: boolean;
  /** the submit button's label and icon when "OK" would say too little (e.g. "Send") */
  submitLabel?: string;
  submitIcon?: string | ReactNode;
  submitDisabled?: boolean;
  /**
   * the form's values differ from those it opened with: closing it (Esc, the X, Cancel, the mask)
   * asks first, since what was typed would be lost
   */
  dirty?: boolean;
  onSubmit(): void;
  onHide(): void;
  children: ReactNode;
}

/**
 * A dialog around one form with OK and Cancel in its footer: the add/edit dialog and the small
 * forms of extensions (reset password, test send, import, upload) all look and behave alike —
 * Enter submits, OK spins while saving, Esc on an open dropdown closes only the dropdown, and a
 * changed form asks before it is closed. A submit that leaves fields in error puts the focus on the
 * first and says how many there are (invalid-report.ts); the title is the dialog's heading (h2).
 */
export function FormDialog({ formId, header, width, className, testId, saving, submitLabel, submitIcon, submitDisabled, dirty = false, onSubmit, onHide, children }: Props) {
  useEffect(watchDialogDismissals, []);
  const form = useRef<HTMLFormElement>(null);
  const report = useInvalidReport(form, saving);
  // One question at a time: a second Esc or click while it is asked adds none.
  const asking = useRef(false);
  const requestClose = async () => {
    if (!dirty) return onHide();
    if (asking.current) return;
    asking.current = true;
    const discard = await askToConfirm(translate('resource:discardChanges')).finally(() => {
      asking.current = false;
    });
    if (discard) onHide();
  };
  const close = () => {
    // The Esc that closes a dropdown's panel inside the form is not meant for the dialog.
    if (escapeClosesOverlay()) return;
    void requestClose();
  };
  const footer = (
    <div className="resource-dialog-footer">
      <Button type="submit" form={formId} size="small" icon={submitIcon} label={submitLabel ?? translate('common:actions.ok')} loading={saving} disabled={submitDisabled} />
      <Button type="button" size="small" outlined severity="secondary" label={translate('common:actions.cancel')} onClick={close} />
    </div>
  );
  return (
    <Dialog
      visible
      header={header}
      onHide={close}
      // The mask closes the form as Esc does, but not when the click only closes a panel inside it.
      onMaskClick={(e) => {
        if (isMaskClick(e.currentTarget, e.target)) void requestClose();
      }}
      footer={footer}
      style={{ width: `min(${width}, 95vw)` }}
      className={className}
      data-testid={testId}
      blockScroll
    >
      <form
        ref={form}
        id={formId}
        className="resource-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
          report.submitted();
        }}
      >
        {children}
      </form>
    </Dialog>
  );
}
