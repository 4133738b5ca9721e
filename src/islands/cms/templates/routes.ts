/** Where the template screens live and the keys they check (the server checks the same). */
export const TEMPLATE_LIST_ROUTE = '/configs/template';
export const WORKBENCH_ROUTE = '/cms/template/editor';
export const TEMPLATE_PERMS = { view: 'cms:template:view', add: 'cms:template:add', edit: 'cms:template:edit', remove: 'cms:template:remove' } as const;

/** The workbench's address for a template of a pipe. */
export const workbenchLink = (pipe: string, path: string) => `${WORKBENCH_ROUTE}?pipe=${encodeURIComponent(pipe)}&path=${encodeURIComponent(path)}`;
