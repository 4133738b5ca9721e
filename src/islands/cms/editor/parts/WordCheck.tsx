import { useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { useT } from '../../../../lib/i18n/react.ts';
import editorNs from '../../../../lib/i18n/ns/editor.ts';
import { bodyText, fixWords, groupHits, rangesOf, type FoundWord } from '../../../../lib/cms/word-check.ts';
import { checkErrorProne, checkSensitive } from '../editor-api.ts';

/** The CSS Custom Highlight API: marks drawn over the text, never written into the editing area (so never saved). */
type Highlights = { set(name: string, h: unknown): void; delete(name: string): void };
const highlights = (): Highlights | null => (globalThis.CSS as unknown as { highlights?: Highlights } | undefined)?.highlights ?? null;
const HighlightCtor = (globalThis as unknown as { Highlight?: new (...r: Range[]) => unknown }).Highlight;

function mark(name: string, area: Element | null, words: readonly string[]) {
  const reg = highlights();
  if (!reg || !HighlightCtor) return;
  if (!area || !words.length) reg.delete(name);
  else reg.set(name, new HighlightCtor(...rangesOf(area, words)));
}

interface Found { sensitive: FoundWord[]; errorProne: FoundWord[] }

/**
 * The body's "Check" button and what it found: sensitive words and error-prone words marked in the
 * editor (highlights, not markup: the body saved is untouched) and listed in a panel, each
 * error-prone word with a one-click fix and a "fix all". The marks follow the text as it is edited.
 */
export function WordCheck({ html, areaId, readOnly, onFix }: { html: string; areaId: string; readOnly: boolean; onFix(html: string): void }) {
  const t = useT(editorNs);
  const [found, setFound] = useState<Found | null>(null);
  const [busy, setBusy] = useState(false);
  const panel = useRef<HTMLDivElement>(null);

  const run = async (body = html) => {
    setBusy(true);
    try {
      const text = bodyText(body);
      const [s, e] = await Promise.all([checkSensitive(text), checkErrorProne(text)]);
      setFound({ sensitive: groupHits(s), errorProne: groupHits(e) });
    } finally {
      setBusy(false);
    }
  };

  // Marks drawn again whenever the body or the words found change (Quill re-renders its text nodes).
  useEffect(() => {
    const area = document.getElementById(areaId);
    const frame = requestAnimationFrame(() => {
      mark('ce-sensitive', found ? area : null, found?.sensitive.map((w) => w.word) ?? []);
      mark('ce-error-prone', found ? area : null, found?.errorProne.map((w) => w.word) ?? []);
    });
    return () => cancelAnimationFrame(frame);
  }, [found, html, areaId]);
  useEffect(() => () => { mark('ce-sensitive', null, []); mark('ce-error-prone', null, []); }, []);

  const fix = (words: FoundWord[]) => {
    const next = fixWords(html, new Map(words.map((w) => [w.word, w.replaceWord ?? w.word])));
    onFix(next);
    const left = found!.errorProne.filter((w) => !words.includes(w));
    setFound({ ...found!, errorProne: left });
    // Focus stays in the panel (the fixed row is gone): on its heading.
    panel.current?.focus();
  };

  const close = () => setFound(null);
  const total = found ? found.sensitive.length + found.errorProne.length : 0;
  return (
    <div className="ce-word-check">
      <div className="ce-word-check-bar">
        <Button type="button" size="small" outlined icon="pi pi-search" label={t('check.button')} loading={busy} onClick={() => void run()} aria-controls="ce-word-check" data-testid="ce-word-check" />
        <span className="ce-word-check-status" role="status">{found ? (total ? t('check.found', { sensitive: found.sensitive.length, errorProne: found.errorProne.length }) : t('check.none')) : ''}</span>
      </div>
      <div id="ce-word-check" className="ce-word-check-panel" role="region" aria-label={t('check.title')} hidden={!found || !total} ref={panel} tabIndex={-1} data-testid="ce-word-check-panel">
        {found ? (
          <>
            {found.sensitive.length ? (
              <div>
                <h4 className="ce-word-check-head"><span className="ce-mark-sample is-sensitive" aria-hidden="true" />{t('check.sensitive')}</h4>
                <ul className="ce-word-check-list">
                  {found.sensitive.map((w) => <li key={w.word}><span className="ce-word">{w.word}</span> <span className="ce-muted">{t('check.times', { count: w.count })}</span></li>)}
                </ul>
              </div>
            ) : null}
            {found.errorProne.length ? (
              <div>
                <h4 className="ce-word-check-head"><span className="ce-mark-sample is-error-prone" aria-hidden="true" />{t('check.errorProne')}</h4>
                <ul className="ce-word-check-list">
                  {found.errorProne.map((w) => (
                    <li key={w.word}>
                      <span className="ce-word">{w.word}</span> → <span className="ce-word">{w.replaceWord}</span> <span className="ce-muted">{t('check.times', { count: w.count })}</span>
                      {readOnly ? null : <Button type="button" size="small" text label={t('check.fix')} aria-label={t('check.fixOne', { word: w.word, replaceWord: w.replaceWord })} onClick={() => fix([w])} data-testid={`ce-fix-${w.word}`} />}
                    </li>
                  ))}
                </ul>
                {readOnly || found.errorProne.length < 2 ? null : <Button type="button" size="small" outlined label={t('check.fixAll')} onClick={() => fix(found.errorProne)} data-testid="ce-fix-all" />}
              </div>
            ) : null}
            <Button type="button" size="small" text severity="secondary" label={t('check.close')} onClick={close} data-testid="ce-word-check-close" />
          </>
        ) : null}
      </div>
    </div>
  );
}
