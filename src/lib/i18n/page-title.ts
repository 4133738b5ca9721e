import common from './ns/common.ts';

/** "<page> - Castanea", the document title of every page. */
export const pageTitle = (page: string) => (page ? `${page} - ${common.t('appName')}` : common.t('appName'));
