import { InputText } from 'primereact/inputtext';
import { DateTimeInput } from '../../../../components/widgets/DateTimeInput.tsx';
import { NumberInput } from '../../../../components/widgets/NumberInput.tsx';
import { SelectButton } from 'primereact/selectbutton';
import { useT } from '../../../../lib/i18n/react.ts';
import editorNs from '../../../../lib/i18n/ns/editor.ts';
import { yuanToFen } from '../../../../lib/cms/price.ts';
import { RichEditor } from '../../../../components/widgets/RichEditor.tsx';
import { Field, Section } from '../Field.tsx';
import { contentLabel } from '../labels.ts';
import { dateToDay, dayToDate } from '../dates.ts';
import type { BookForm } from '../model.ts';
import type { ContentEditorApi } from '../use-content-editor.ts';

/** A book's own facts (spec §3 Book) as a reading site shows them on the book's page. */
export function BookFields({ ed }: { ed: ContentEditorApi }) {
  const t = useT(editorNs);
  const b = ed.form!.book;
  const e = ed.errors;
  const ro = ed.readOnly;
  const set = (p: Partial<BookForm>) => ed.update((f) => ({ ...f, book: { ...f.book, ...p } }));
  const fen = yuanToFen(b.priceYuan);
  const err = (k: string) => e[`book.${k}`];
  return (
    <Section title={t('book.title')} testId="ce-book">
      <div className="ce-grid-3">
        <Field name="book.completed" label={t('book.state')}>
          <SelectButton value={b.completed} allowEmpty={false} disabled={ro} options={[{ value: 'N', label: t('book.serial') }, { value: 'Y', label: t('book.completed') }]} onChange={(x) => x.value && set({ completed: x.value as 'Y' | 'N' })} />
        </Field>
        <Field name="book.price" label={contentLabel('book.price')} error={err('price')} hint={fen !== null && !Number.isNaN(fen) ? t('book.priceStored', { fen }) : t('book.priceHint')}>
          <div className="p-inputgroup ce-price">
            <span className="p-inputgroup-addon">¥</span>
            <InputText id="ce-book.price" inputMode="decimal" value={b.priceYuan} placeholder="0.00" disabled={ro} invalid={!!err('price')}
              onChange={(x) => set({ priceYuan: x.target.value })}
              onBlur={() => { const v = yuanToFen(b.priceYuan); if (v !== null && !Number.isNaN(v)) set({ priceYuan: (v / 100).toFixed(2) }); }} />
          </div>
        </Field>
        <Field name="book.publicationDate" label={contentLabel('publicationDate')} error={err('publicationDate')}>
          <DateTimeInput id="ce-book.publicationDate" dateOnly value={dayToDate(b.publicationDate)} buttonBar disabled={ro} onChange={(d) => set({ publicationDate: dateToDay(d) })} />
        </Field>
        <Field name="book.publisher" label={contentLabel('publisher')} error={err('publisher')}>
          <InputText id="ce-book.publisher" value={b.publisher} disabled={ro} onChange={(x) => set({ publisher: x.target.value })} />
        </Field>
        <Field name="book.producer" label={contentLabel('producer')} error={err('producer')}>
          <InputText id="ce-book.producer" value={b.producer} disabled={ro} onChange={(x) => set({ producer: x.target.value })} />
        </Field>
        <Field name="book.originalTitle" label={contentLabel('originalTitle')} error={err('originalTitle')}>
          <InputText id="ce-book.originalTitle" value={b.originalTitle} disabled={ro} onChange={(x) => set({ originalTitle: x.target.value })} />
        </Field>
        <Field name="book.translators" label={contentLabel('translators')} error={err('translators')} hint={t('book.translatorsHint')}>
          <InputText id="ce-book.translators" value={b.translators} disabled={ro} onChange={(x) => set({ translators: x.target.value })} />
        </Field>
        <Field name="book.pages" label={contentLabel('pages')} error={err('pages')}>
          <NumberInput inputId="ce-book.pages" value={b.pages} min={0} disabled={ro} onChange={(pages) => set({ pages })} />
        </Field>
        <Field name="book.words" label={contentLabel('words')} error={err('words')} hint={t('book.wordsHint')}>
          <NumberInput inputId="ce-book.words" value={b.words} min={0} grouping disabled={ro} onChange={(words) => set({ words })} />
        </Field>
      </div>
      <Field name="book.intro" label={contentLabel('intro')} error={err('intro')} wide>
        <RichEditor id="ce-book.intro" value={b.intro} library minHeight={140} readOnly={ro} onChange={(html) => set({ intro: html })} />
      </Field>
    </Section>
  );
}
