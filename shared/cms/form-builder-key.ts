/**
 * The Form Builder's permission key (ChestnutCMS menu 115, Tools → Form Builder): its screen and its
 * saves. Apart from form-design.ts so that the page's first chunk, which checks it, loads no Zod.
 */
export const FORM_BUILDER_PERM = 'tool:build:view';
