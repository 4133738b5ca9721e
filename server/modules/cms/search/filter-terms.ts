/**
 * A content's catalog chain and type as index terms, so the GIN index answers "in this catalog's
 * subtree" and "of this type" with the words, as it answers dates (time-buckets.ts). A filtered
 * search then reads only the rows of its catalog: a catalog holding a fifth of a site's contents
 * read every match of the site's and kept a fifth (docs/search.md "Filters").
 *
 * `'~c 12'`: catalog 12 or one of its descendants (a content has one term per catalog of its
 * chain, root first); `'~t article'`: the content's type. Like bucket terms they hold a space, so
 * they never meet a reader's word. A catalog moved to another parent has its contents' terms
 * rewritten in the same transaction (catalog-changes.ts).
 */

export const catalogTerm = (catalogId: number | string): string => `~c ${catalogId}`;
export const typeTerm = (contentType: string): string => `~t ${contentType}`;

/** The catalog ids of a chain (`1:5:9:`), root first. */
export const chainIds = (ancestors: string): string[] => ancestors.split(':').filter(Boolean);

/** Terms as a tsvector literal's entries (position-less lexemes). */
export const termsLiteral = (terms: readonly string[]): string => terms.map((t) => `'${t.replace(/'/g, "''")}'`).join(' ');

/** A content's filter terms as a tsvector literal's entries. */
export const filterLiteral = (ancestors: string, contentType: string): string => termsLiteral([...chainIds(ancestors).map(catalogTerm), typeTerm(contentType)]);

/** A tsvector's text without its filter and date-bucket terms (every lexeme starting with `~`), for people to read. */
export const withoutInternalTerms = (tsvText: string): string => tsvText.replace(/ ?'~[^']*'/g, '').trim();
