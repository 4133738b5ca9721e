import type { APIOptions } from 'primereact/api';

/** Out of the accessibility tree: a part that is drawn for the eye and not a control of its own. */
const HIDDEN = { 'aria-hidden': true } as const;

/**
 * PrimeReact 10.9's markup, mended where it breaks WCAG 2.2 (issue 28: axe-core's critical and
 * serious findings), for every screen at once through PrimeReact's global pass-through. Each entry
 * says what PrimeReact draws and why it is wrong; `undefined` removes an attribute PrimeReact sets
 * (its merge lets the last value win). The axe check of every screen (tests/browser/walk-every-screen.test.ts)
 * is what fails when a PrimeReact upgrade renames a section and an entry stops applying.
 */
export const ACCESSIBLE_PT: APIOptions['pt'] = {
  // A dialog's title is drawn in a plain div the dialog is labelled by: it is the dialog's heading,
  // level 2 under the page's h1 (WCAG 1.3.1, 2.4.6); its look is kept. ConfirmDialog draws a Dialog.
  dialog: { headerTitle: { role: 'heading', 'aria-level': 2 } },
  dropdown: {
    // The native <select> kept for forms is out of the tab order and unnamed: the combobox input
    // beside it is the control a screen reader meets.
    select: HIDDEN,
    // The chevron is a role=button div that takes no focus and is named only when there is a
    // placeholder: the combobox opens the list with the keyboard, the pointer clicks the chevron.
    trigger: HIDDEN,
  },
  treeselect: {
    trigger: HIDDEN,
    // aria-required given to the component lands on its role-less box as well as on the input.
    root: { 'aria-required': undefined },
  },
  // The data table's selection boxes are given role=checkbox (without aria-checked) and the label
  // on the wrapper around the real <input type=checkbox>, which also gets the label: one control
  // nested in another. The input stays the checkbox.
  checkbox: { root: { role: undefined, 'aria-label': undefined } },
  // Same for the switch: a role=checkbox box around the role=switch input.
  inputswitch: { root: { role: undefined, 'aria-checked': undefined } },
  tree: {
    // The expand chevron is a button out of the tab order, without a name, with aria-hidden=false:
    // the treeitem's arrow keys expand and collapse it.
    toggler: HIDDEN,
    // In checkbox mode the treeitem carries aria-checked; the box inside is its picture.
    nodeCheckbox: HIDDEN,
    // Each treeitem is labelled with its label: an expanded one then has a name that leaves out
    // most of what it shows (its children), which speech input cannot match (WCAG 2.5.3). Without
    // it, browsers name a treeitem from its own content and leave its group of children out.
    // A closed branch carries no aria-expanded at all (PrimeReact writes its undefined state), so
    // it is announced as a leaf: false when closed, nothing on a leaf.
    node: ({ context }: { context: { expanded: boolean; leaf: boolean } }) => ({ 'aria-label': undefined, 'aria-expanded': context.leaf ? undefined : context.expanded }),
  },
  treetable: {
    // A role=table box around a <table role=table> whose rows carry tree states (level, expanded,
    // position): that is a treegrid, and PrimeReact gives its rows the tree keys.
    root: { role: undefined },
    table: { role: 'treegrid' },
    // aria-checked is not a row's state (selection is aria-selected). TreeTable spreads its `row`
    // entry on the <tr> itself, though its type describes a nested `root`.
    row: { 'aria-checked': undefined } as NonNullable<NonNullable<APIOptions['pt']>['treetable']>['row'],
  },
};
