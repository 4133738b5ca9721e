/** The pipe every new site starts with, so it can publish at once. */
export const DEFAULT_PIPE = { code: 'pc', name: 'PC' } as const;
