import { describe, expect, it, vi } from 'vitest';
import { formOf, namesProposer, saveBody, showsField, TEMPLATE_KEYS, withProposal } from './catalog-form.ts';

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

  it('puts the proposed alias and folder into the fields the user has not typed in', () => {
    const proposal = { alias: 'news_guojixinwen', path: 'news/guojixinwen/' };
    expect(withProposal({ name: '国际新闻', alias: '', path: '' }, {}, proposal)).toEqual({ name: '国际新闻', ...proposal });
    expect(withProposal({ name: '国际新闻', alias: 'world', path: '' }, { alias: true }, proposal)).toEqual({ name: '国际新闻', alias: 'world', path: 'news/guojixinwen/' });
    expect(withProposal({ name: '国际新闻', alias: 'world', path: 'w/' }, { alias: true, path: true }, proposal)).toEqual({ name: '国际新闻', alias: 'world', path: 'w/' });
  });

  it('asks once typing pauses, and applies only the answer to the latest name', async () => {
    vi.useFakeTimers();
    try {
      const answers: Record<string, (p: { alias: string; path: string }) => void> = {};
      const ask = vi.fn((_parent: number, name: string) => new Promise<{ alias: string; path: string }>((resolve) => (answers[name] = resolve)));
      const applied: string[] = [];
      const proposer = namesProposer(ask, (p) => applied.push(p.alias), 300);
      // Typed letter by letter: one question, for the whole name.
      for (const name of ['国', '国际', '国际新', '国际新闻']) {
        proposer.request(5, name);
        await vi.advanceTimersByTimeAsync(100);
      }
      await vi.advanceTimersByTimeAsync(300);
      expect(ask.mock.calls).toEqual([[5, '国际新闻']]);
      // A pause, then more typing: the slower answer to the older name is dropped.
      proposer.request(5, '国际新闻社');
      await vi.advanceTimersByTimeAsync(300);
      answers['国际新闻社']!({ alias: 'news_guojixinwenshe', path: 'news/guojixinwenshe/' });
      answers['国际新闻']!({ alias: 'news_guojixinwen', path: 'news/guojixinwen/' });
      await vi.runAllTimersAsync();
      expect(applied).toEqual(['news_guojixinwenshe']);
      // An empty name empties the proposal without asking.
      proposer.request(5, '  ');
      expect(applied).toEqual(['news_guojixinwenshe', '']);
      expect(ask).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
