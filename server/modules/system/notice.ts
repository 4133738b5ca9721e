import { noticeResource } from '../../../shared/resources/system/notice.ts';
import { resourceRoutes } from '../../core/resource-routes.ts';
import { sanitizeRichText } from '../../core/sanitize.ts';
import { sysNotice } from './schema.ts';

export const noticeRoutes = resourceRoutes(noticeResource, sysNotice, {
  beforeSave(_op, values) {
    if (typeof values.noticeContent === 'string') values.noticeContent = sanitizeRichText(values.noticeContent);
  },
});
