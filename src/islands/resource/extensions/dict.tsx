import { hrefOf } from '../../../lib/routes/navigation.ts';
import type { ResourceExtensions } from '../types.ts';
import './dict.css';

/** The data route of a dictionary type (a permission-gated dynamic route). */
export const dictDataRoute = (dictId: unknown) => `/system/dict-data/index/${String(dictId)}`;

/** Dictionary types: each type links to its values. */
export const dictTypeExtensions: ResourceExtensions = {
  columns: {
    dictType: (row) => (
      <a className="dict-type-link" href={hrefOf(dictDataRoute(row.dictId))} data-testid={`dict-type-link-${String(row.dictId)}`}>
        {String(row.dictType ?? '')}
      </a>
    ),
  },
};
