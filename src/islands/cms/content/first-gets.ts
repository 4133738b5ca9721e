import { toQueryString } from '../../../lib/request.ts';
import { CONTENT_ATTRIBUTE_DICT, CONTENT_STATUS_DICT } from '../../../../shared/cms/content.ts';
import { EMPTY_FILTERS, listQuery } from '../../../lib/cms/content-list.ts';
import { DEFAULT_PREFERENCES } from '../../../../shared/preferences.ts';
import { dictUrl } from '../../../stores/dicts.ts';
import { TREE_PATH } from '../../../components/cms/catalog-api.ts';
import { LIST_PATH } from './content-api.ts';
import { PREFERENCES_GET } from '../../../lib/early-fetch.ts';

/**
 * The calls the Contents screen makes as it mounts (the page hands them to the head script,
 * lib/early-fetch.ts): the catalog tree, the whole site's first page with the default preferences,
 * the status and attribute dictionaries, and the preferences, which the list reads anew as it opens
 * (the session's first data has them on a first load; a switch from another page asks for them). A user whose preferences or remembered catalog differ asks
 * for their own list as before; the early one is then simply not taken.
 */
export const CONTENT_FIRST_GETS: readonly string[] = [
  TREE_PATH,
  `${LIST_PATH}?${toQueryString(listQuery(null, DEFAULT_PREFERENCES.includeChildContent, EMPTY_FILTERS, { page: 1, limit: DEFAULT_PREFERENCES.pageSize }))}`,
  dictUrl(CONTENT_STATUS_DICT),
  dictUrl(CONTENT_ATTRIBUTE_DICT),
  PREFERENCES_GET,
];
