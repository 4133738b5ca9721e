import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
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
}

/**
 * Words typed one by one (tags, keywords), looking like PrimeReact's Chips. Enter or a comma adds
 * the word typed; each word's remove button is named after it ("Remove "news"") and reached with
 * Tab, or with Left from the empty box, then Left and Right between words. Enter, Space, Delete or
 * Backspace on it removes the word, and focus goes to the next word's button, else to the box.
 * Backspace in the empty box removes the last word.
 */
export function TagInput({ id, value, disabled, onChange }: Props) {
  const t = useT(editorNs);
  const chips = useRef<Chips>(null);
  /** The place of a word just removed from the keyboard or a click: focus goes there once the list has redrawn. */
  const refocus = useRef<number | null>(null);
  const buttons = () => [...(chips.current?.getElement()?.querySelectorAll<HTMLButtonElement>('.ce-chip-remove') ?? [])];
  const input = () => chips.current?.getInput() ?? null;

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
    <Chips
      ref={chips}
      inputId={id}
      value={value}
      separator=","
      addOnBlur
      allowDuplicate={false}
      disabled={disabled}
      pt={PT}
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
        // Left in the empty box: to the last word's button, rather than Chips' list, which a screen reader cannot follow.
        if (e.key === 'ArrowLeft' && !e.currentTarget.value && value.length) {
          e.preventDefault();
          buttons().at(-1)?.focus();
        }
      }}
      onChange={(x) => onChange((x.value ?? []).map((s) => s.trim()).filter(Boolean))}
    />
  );
}
