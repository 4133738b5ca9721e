/**
 * A dialog's title is its heading, level 2 under the page's h1 (WCAG 1.3.1, 2.4.6): PrimeReact
 * draws it in a plain div, which the dialog is labelled by. Every console dialog passes this
 * through (`pt`, ConfirmDialog's too); the title keeps its look.
 */
export const DIALOG_TITLE_PT = { headerTitle: { role: 'heading', 'aria-level': 2 } } as const;
