/**
 * The actions column of the list tables (resource, tree and content lists): as narrow as its
 * buttons, and pinned to the right edge of a table that scrolls sideways (resource.css). A module
 * of its own: the content list uses it without the resource screen's definitions and validators.
 */
export const ACTIONS_COLUMN = { headerClassName: 'resource-actions-cell', bodyClassName: 'resource-actions-cell', style: { width: '1%', whiteSpace: 'nowrap' } } as const;
