import { useId, useState } from 'react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useT } from '../../../lib/i18n/react.ts';
import searchNs from '../../../lib/i18n/ns/search.ts';
import { analyze, type Segment } from './search-api.ts';

const WORDISH = /[\p{L}\p{N}]/u;

/**
 * The dictionary's "Analyze" box: how the site's analyzer segments a text now (POST
 * /search/dict/analyze) — each word a chip with the term searched for it (none: a stop word) and
 * its sub-words. A custom word added beside it shows here at the next click.
 */
export function AnalyzeBox() {
  const t = useT(searchNs);
  const id = useId();
  const [text, setText] = useState('');
  const [segments, setSegments] = useState<Segment[] | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      // Punctuation and spaces are never terms: leave them out of the chips.
      setSegments((await analyze(text)).filter((s) => WORDISH.test(s.word)));
    } catch {
      /* the request layer has said why */
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="search-analyze" aria-labelledby={`${id}-h`} data-testid="search-analyze">
      <h2 id={`${id}-h`} className="search-panel-title">{t('analyze.title')}</h2>
      <form onSubmit={(e) => { e.preventDefault(); void run(); }}>
        <label htmlFor={`${id}-text`} className="search-field-label">{t('analyze.text')}</label>
        <InputTextarea id={`${id}-text`} value={text} rows={4} maxLength={5000} onChange={(e) => setText(e.target.value)} className="search-analyze-text" />
        <Button type="submit" size="small" icon="pi pi-bolt" label={t('analyze.run')} disabled={!text.trim() || busy} data-testid="search-analyze-run" />
      </form>
      {segments ? (
        <div aria-live="polite">
          <p className="search-analyze-count">{segments.length ? t('analyze.result', { count: segments.length }) : t('analyze.empty')}</p>
          <ul className="search-chips" data-testid="search-analyze-words">
            {segments.map((s, i) => (
              <li key={i} className={`search-chip${s.term === null ? ' search-chip-stop' : ''}`}>
                <span className="search-chip-word">{s.word}</span>
                {s.term === null ? <small>{t('analyze.stop')}</small> : s.term !== s.word ? <small>{t('analyze.term', { term: s.term })}</small> : null}
                {s.subWords.length ? <small>{t('analyze.subWords', { words: s.subWords.join(' / ') })}</small> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
