import { describe, expect, it } from 'vitest';
import { formOf, saveBody, showsField, suggestAlias, suggestPath, TEMPLATE_KEYS } from './catalog-form.ts';

const detail = {
  catalogId: 7, name: 'World', alias: 'world', path: 'news/world/', catalogType: 'common', redirectUrl: null, description: 'All of it', logo: '',
  staticFlag: 'Y', visibleFlag: 'Y', tagIgnore: 'N', pageSize: -1, contentIndex: 'Y', contribute: 'N', seoTitle: null,
  publishPipeDatas: [{ pipeCode: 'pc', pipeName: 'PC', enabled: true, props: { indexTemplate: '', listTemplate: 'list.template.html' } }],
};

describe('catalog form', () => {
  it('reads a loaded catalog: every field of both tabs, and templates per pipe', () => {
    const form = formOf(detail);
    expect(form.values).toMatchObject({ catalogId: 7, name: 'World', redirectUrl: '', seoTitle: '', pageSize: -1, contribute: 'N' });
    expect(Object.keys(form.templates.pc!)).toEqual(TEMPLATE_KEYS);
    expect(TEMPLATE_KEYS).toEqual(expect.arrayContaining(['indexTemplate', 'listTemplate', 'detailTemplate_article', 'detailTemplate_book']));
    expect(form.templates.pc!.listTemplate).toBe('list.template.html');
  });

  it('saves only what changed, nothing when nothing did', () => {
    const saved = formOf(detail);
    expect(saveBody(saved, formOf(detail))).toBeNull();
    const edited = formOf(detail);
    edited.values.pageSize = 30;
    edited.templates.pc!.detailTemplate_article = 'a.template.html';
    expect(saveBody(saved, edited)).toEqual({ catalogId: 7, pageSize: 30, publishPipeDatas: [{ pipeCode: 'pc', props: { ...saved.templates.pc, detailTemplate_article: 'a.template.html' } }] });
  });

  it('asks for a redirect URL only on a link catalog, and drops it when the catalog becomes common', () => {
    expect(showsField('redirectUrl', { catalogType: 'link' })).toBe(true);
    expect(showsField('redirectUrl', { catalogType: 'common' })).toBe(false);
    const saved = formOf({ ...detail, catalogType: 'link', redirectUrl: 'https://example.com' });
    const edited = formOf({ ...detail, catalogType: 'link', redirectUrl: 'https://example.com' });
    edited.values.catalogType = 'common';
    expect(saveBody(saved, edited)).toEqual({ catalogId: 7, catalogType: 'common', redirectUrl: '' });
  });

  it('suggests an alias and a folder from a Latin name, and leaves other scripts to the user', () => {
    expect(suggestAlias('World News 2')).toBe('world_news_2');
    expect(suggestAlias('国际')).toBe('');
    expect(suggestPath('news/', 'world')).toBe('news/world/');
    expect(suggestPath('', 'sports')).toBe('sports/');
    expect(suggestPath('news/', '')).toBe('');
  });
});
