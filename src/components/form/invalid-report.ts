import { useEffect, useRef, type RefObject } from 'react';
import { translate } from '../../lib/i18n/i18n.ts';
import '../../lib/i18n/ns/resource.ts';
import { announce } from '../../stores/announcer.ts';

/**
 * A submit the form refused, told to a screen reader user (WCAG 3.3.1): the focus goes to the first
 * field in error, whose error is its description (FormRow), and "3 fields need attention" is said.
 * Politely: the field the focus lands on says its error first, and an assertive message would cut
 * it off. Rows in error are FormRow's (`has-error`), whatever input a screen draws in them.
 */

const FOCUSABLE = 'input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The control to give the focus in a row in error: its input marked invalid, else its first focusable one. */
function controlOf(row: Element): HTMLElement | null {
  const control = row.querySelector('.resource-form-control') ?? row;
  const marked = control.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (marked?.matches(FOCUSABLE)) return marked;
  return (marked ?? control).querySelector<HTMLElement>(FOCUSABLE) ?? control.querySelector<HTMLElement>(FOCUSABLE);
}

/** Focuses the form's first field in error and says how many there are; false when none is. */
export function reportInvalid(form: HTMLElement | null): boolean {
  const rows = form ? [...form.querySelectorAll('.resource-form-row.has-error')] : [];
  if (!rows.length) return false;
  controlOf(rows[0]!)?.focus();
  announce(rows.length === 1 ? translate('resource:invalidOne') : translate('resource:invalidMany', { count: rows.length }));
  return true;
}

/**
 * For a form dialog: `submitted()` after its submit handler ran reports the errors the check left
 * (drawn by then: React draws a submit's updates before the next task), and a save that ends with
 * errors (the server naming a field) reports them when `saving` turns false.
 */
export function useInvalidReport(form: RefObject<HTMLFormElement | null>, saving: boolean): { submitted(): void } {
  const wasSaving = useRef(saving);
  useEffect(() => {
    if (wasSaving.current && !saving) reportInvalid(form.current);
    wasSaving.current = saving;
  }, [saving, form]);
  return { submitted: () => void setTimeout(() => reportInvalid(form.current)) };
}
