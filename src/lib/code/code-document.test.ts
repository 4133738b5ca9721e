import { describe, expect, it } from 'vitest';
import { CodeDocument } from './code-document.ts';
import { languageOf } from './languages.ts';

describe('CodeDocument', () => {
  it('is dirty while the edited text differs from the saved one', () => {
    const doc = new CodeDocument('a');
    expect(doc.dirty).toBe(false);
    doc.edit('ab');
    expect(doc.dirty).toBe(true);
    doc.edit('a');
    expect(doc.dirty).toBe(false);
  });

  it('saves the text of the moment; edits made while it is on its way stay unsaved', async () => {
    const doc = new CodeDocument('a');
    doc.edit('ab');
    let finish!: () => void;
    const written: string[] = [];
    const saving = doc.save((text) => new Promise<void>((resolve) => { written.push(text); finish = resolve; }));
    expect(doc.saving).toBe(true);
    // A second save while one is on its way does nothing.
    expect(await doc.save(async () => written.push('again'))).toBe(false);
    doc.edit('abc');
    finish();
    expect(await saving).toBe(true);
    expect(written).toEqual(['ab']);
    expect(doc.saved).toBe('ab');
    expect(doc.dirty).toBe(true);
    expect(doc.saving).toBe(false);
  });

  it('keeps the text unsaved when the write fails, and writes nothing when nothing changed', async () => {
    const doc = new CodeDocument('a');
    expect(await doc.save(async () => undefined)).toBe(false);
    doc.edit('b');
    expect(await doc.save(async () => { throw new Error('refused'); })).toBe(false);
    expect(doc.dirty).toBe(true);
    expect(doc.saved).toBe('a');
  });

  it('tells its listeners of every change', async () => {
    const doc = new CodeDocument('a');
    let calls = 0;
    const stop = doc.subscribe(() => calls++);
    doc.edit('b');
    await doc.save(async () => undefined);
    stop();
    doc.edit('c');
    expect(calls).toBe(3); // edit, saving, saved
  });
});

describe('languageOf', () => {
  it('picks the editor language by the file name', () => {
    expect(languageOf('index.template.html')).toBe('liquid-html');
    expect(languageOf('list/NEWS.TEMPLATE.HTML')).toBe('liquid-html');
    expect(languageOf('page.html')).toBe('html');
    expect(languageOf('a.htm')).toBe('html');
    expect(languageOf('site.min.css')).toBe('css');
    expect(languageOf('app.js')).toBe('javascript');
    expect(languageOf('data.json')).toBe('json');
    expect(languageOf('feed.xml')).toBe('xml');
    expect(languageOf('robots.txt')).toBe('plaintext');
    expect(languageOf('README')).toBe('plaintext');
  });
});
