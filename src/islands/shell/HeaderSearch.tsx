import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $pages } from '../../stores/routes.ts';
import { createMenuSearch, type SearchItem } from '../../lib/routes/search.ts';
import { BASE_PATH } from '../../../shared/constants.ts';
import { pageHref } from '../../lib/routes/menu.ts';
import { go } from '../../lib/routes/navigation.ts';
import { useT } from '../../lib/i18n/react.ts';
import shell from '../../lib/i18n/ns/shell.ts';

/** Route search (spec §2): fuzzy over menu titles and paths; external links open a new tab. */
export function HeaderSearch() {
  const t = useT(shell);
  const pages = useStore($pages);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<SearchItem[]>([]);
  const [active, setActive] = useState(0);
  const search = useRef<((q: string) => SearchItem[]) | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    search.current = null;
  }, [pages]);

  useEffect(() => {
    if (!open) return;
    input.current?.focus();
    let live = true;
    void (async () => {
      search.current ??= await createMenuSearch(pages);
      if (live) setResults(search.current(query));
    })();
    return () => {
      live = false;
    };
  }, [open, query, pages]);

  const close = () => {
    setOpen(false);
    setQuery('');
    setResults([]);
  };
  const pick = (item: SearchItem | undefined) => {
    if (!item) return;
    close();
    if (item.page.external) window.open(item.page.path, '_blank', 'noopener');
    else void go(pageHref('', item.page.path, item.page.query));
  };

  return (
    <div className={`shell-search${open ? ' is-open' : ''}`} data-testid="header-search">
      <button type="button" className="shell-tool" onClick={() => (open ? close() : setOpen(true))} title={t('header.search')} aria-label={t('header.search')}>
        <i className="pi pi-search" aria-hidden="true" />
      </button>
      {open && (
        <div className="shell-search-box">
          <input
            ref={input}
            className="p-inputtext p-component shell-search-input"
            value={query}
            placeholder={t('header.searchPlaceholder')}
            aria-label={t('header.search')}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onBlur={() => setTimeout(close, 150)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') close();
              else if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, results.length - 1));
              else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
              else if (e.key === 'Enter') pick(results[active]);
            }}
          />
          {query.trim() !== '' && (
            <ul className="shell-search-results" role="listbox" data-testid="search-results">
              {results.length === 0 && <li className="is-empty">{t('header.searchEmpty')}</li>}
              {results.slice(0, 10).map((r, i) => (
                <li key={r.path} role="option" aria-selected={i === active} className={i === active ? 'is-active' : undefined} onMouseDown={(e) => e.preventDefault()} onClick={() => pick(r)}>
                  <span className="shell-search-title">{r.title}</span>
                  <span className="shell-search-path">{r.page.external ? r.path : `${BASE_PATH.replace(/\/$/, '')}${r.path}`}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
