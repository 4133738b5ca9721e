import { postResource } from '../../../shared/resources/system/post.ts';
import { resourceRoutes } from '../../core/resource-routes.ts';
import { sysPost } from './schema.ts';

export const postRoutes = resourceRoutes(postResource, sysPost);
