import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Chips, type ChipsPassThroughOptions } from 'primereact/chips';
import { TimesCircleIcon } from 'primereact/icons/timescircle';
import { useT } from '../../../lib/i18n/react.ts';
import editorNs from '../../../lib/i18n/ns/editor.ts';

/**
 * PrimeReact's Chips draws its words as a listbox of options that also holds the text box, and
 * names neither: a listbox may hold only options, and the box is not one (axe:
 * aria-required-children, listitem, aria-input-field-name). Here the words are a plain list; the
 * text box is the field's, named by its `<label for>`.
 */
const PT: ChipsPassThroughOptions = {
  container: { role: undefined, 'aria-orientation': undefined, 'aria-activedescendant': undefined },
  token: { role: undefined, 'aria-label': undefined, 'aria-selected': undefined, 'aria-setsize': undefined, 'aria-posinset': undefined },
};

/** PrimeReact's own remove icon, which no key reaches, is not drawn: each word has a button instead. */
const NO_ICON = () => null;

interface Props {
  /** the text box's id, which the field's label names */
  id: string;
  value: string[];
  disabled?: boolean;
  onChange(words: string[]): void;
  /** words to offer for what is typed (the site's tag words, most used first) */
  suggest?(query: string): Promise<string[]>;
}

/** How long typing pauses before suggestions are asked for. */
const SUGGEST_DELAY = 150;

/**
 * Words typed one by one (tags, keywords), looking like PrimeReact's Chips. Enter or a comma adds
 * the word typed; each word's remove button is named after it ("Remove "news"") and reached with
 * Tab, or with Left from the empty box, then Left and Right between words. Enter, Space, Delete or
 * Backspace on it removes the word, and focus goes to the next word's button, else to the box.
 * Backspace in the empty box removes the last word.
 */
export function TagInput({ id, value, disabled, onChange, suggest }: Props) {
  const t = useT(editorNs);
  const chips = useRef<Chips>(null);
  /** The place of a word just removed from the keyboard or a click: focus goes there once the list has redrawn. */
  const refocus = useRef<number | null>(null);
  const buttons = () => [...(chips.current?.getElement()?.querySelectorAll<HTMLButtonElement>('.ce-chip-remove') ?? [])];
  const input = () => chips.current?.getInput() ?? null;

  const offers = useSuggestions(suggest, value);
  const listId = `${id}-suggestions`;
  const optionId = (i: number) => `${listId}-${i}`;
  /** The input as a combobox when it offers words: its list, whether open, the word highlighted. */
  const pt = useMemo<ChipsPassThroughOptions>(() => (suggest ? {
    ...PT,
    input: {
      role: 'combobox', 'aria-autocomplete': 'list', 'aria-controls': listId, 'aria-expanded': offers.words.length > 0,
      'aria-activedescendant': offers.active >= 0 ? optionId(offers.active) : undefined,
      onInput: (e: { currentTarget: HTMLInputElement }) => offers.ask(e.currentTarget.value),
    } as ChipsPassThroughOptions['input'],
  } : PT), [suggest, offers.words, offers.active]); // eslint-disable-line react-hooks/exhaustive-deps

  function take(word: string) {
    const box = input();
    if (box) box.value = '';
    offers.close();
    if (!value.includes(word)) onChange([...value, word]);
    box?.focus();
  }

  useEffect(() => {
    const at = refocus.current;
    if (at === null) return;
    refocus.current = null;
    (buttons()[at] ?? input())?.focus();
  }, [value]);

  function remove(word: string) {
    refocus.current = value.indexOf(word);
    onChange(value.filter((w) => w !== word));
  }

  function onButtonKey(e: KeyboardEvent<HTMLButtonElement>, word: string) {
    // Chips' list has keys of its own (Left, Right, Backspace on a word it highlights): not for these buttons.
    e.stopPropagation();
    if (e.key === 'Backspace' || e.key === 'Delete') {
      e.preventDefault();
      remove(word);
      return;
    }
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const all = buttons();
    const next = all.indexOf(e.currentTarget) + (e.key === 'ArrowLeft' ? -1 : 1);
    if (next >= all.length) input()?.focus();
    else all[Math.max(next, 0)]?.focus();
  }

  return (
    <div className="ce-tag-input">
    <Chips
      ref={chips}
      inputId={id}
      value={value}
      separator=","
      addOnBlur
      allowDuplicate={false}
      disabled={disabled}
      pt={pt}
      removeIcon={NO_ICON}
      itemTemplate={(word: string) => (
        <>
          {word}
          {disabled ? null : (
            <button type="button" className="ce-chip-remove" aria-label={t('chips.remove', { value: word })}
              onKeyDown={(e) => onButtonKey(e, word)}
              onClick={(e: MouseEvent) => {
                // not Chips' click on its list, which would put focus in the box
                e.stopPropagation();
                remove(word);
              }}>
              <TimesCircleIcon className="p-chips-token-icon" aria-hidden="true" />
            </button>
          )}
        </>
      )}
      onKeyDown={(e) => {
        // The offered words: Down and Up move through them, Enter takes the one highlighted (not the
        // text typed), Escape closes them. Chips skips its own handling of a key prevented here.
        if (offers.words.length && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
          e.preventDefault();
          offers.move(e.key === 'ArrowDown' ? 1 : -1);
          return;
        }
        if (offers.words.length && e.key === 'Enter' && offers.active >= 0) {
          e.preventDefault();
          take(offers.words[offers.active]!);
          return;
        }
        if (e.key === 'Escape' && offers.words.length) {
          e.preventDefault();
          e.stopPropagation();
          offers.close();
          return;
        }
        // Left in the empty box: to the last word's button, rather than Chips' list, which a screen reader cannot follow.
        if (e.key === 'ArrowLeft' && !e.currentTarget.value && value.length) {
          e.preventDefault();
          buttons().at(-1)?.focus();
        }
      }}
      onChange={(x) => {
        offers.close();
        onChange((x.value ?? []).map((s) => s.trim()).filter(Boolean));
      }}
      onBlur={() => offers.close()}
    />
    {offers.words.length ? (
      <ul id={listId} role="listbox" className="ce-tag-suggestions" aria-label={t('chips.suggestions')}>
        {offers.words.map((w, i) => (
          <li key={w} id={optionId(i)} role="option" aria-selected={i === offers.active} className={i === offers.active ? 'is-active' : undefined}
            // mousedown, not click: the box keeps focus (its blur would close the list first)
            onMouseDown={(e) => { e.preventDefault(); take(w); }}>
            {w}
          </li>
        ))}
      </ul>
    ) : null}
    </div>
  );
}

/** Words offered for the text typed, asked for once typing pauses; the latest answer wins, words already chosen are left out. */
function useSuggestions(suggest: Props['suggest'], chosen: readonly string[]) {
  const [words, setWords] = useState<string[]>([]);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const asked = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);
  const close = () => {
    clearTimeout(timer.current);
    asked.current++;
    setWords([]);
    setActive(-1);
  };
  return {
    words,
    active,
    close,
    ask(query: string) {
      if (!suggest) return;
      clearTimeout(timer.current);
      const q = query.trim();
      if (!q) return close();
      const n = ++asked.current;
      timer.current = setTimeout(() => {
        void suggest(q).then((found) => {
          if (n !== asked.current) return;
          setWords(found.filter((w) => !chosen.includes(w)));
          setActive(-1);
        }).catch(() => undefined);
      }, SUGGEST_DELAY);
    },
    move(step: number) {
      // wraps around: Down from the last word goes to the first, Up from none to the last
      setActive((a) => (a + step + words.length) % words.length);
    },
  };
}
