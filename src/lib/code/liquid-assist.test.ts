import { describe, expect, it } from 'vitest';
import { contextAt, hoverAt, suggestionsAt } from './liquid-assist.ts';

// The workbench's completion and hover, from the text and the registry alone.
const labels = (before: string, types: Parameters<typeof suggestionsAt>[1] = []) => suggestionsAt(before, types, 'en').map((s) => s.label);

describe('template completion', () => {
  it('offers the CMS tags after {% and their start', () => {
    expect(labels('<p>{% cms_')).toEqual(expect.arrayContaining(['cms_catalog', 'cms_content', 'cms_include', 'cms_site_property']));
    expect(labels('<p>{% cms_')).not.toContain('if');
    expect(labels('{%- ')).toContain('for');
    expect(labels('{{ x }} {% endif %} text')).toEqual([]);
  });

  it('offers a tag\'s attributes not given yet, and an attribute\'s values', () => {
    expect(new Set(labels("{% cms_content sort: 'Recent' "))).toEqual(new Set(['catalogId', 'catalogAlias', 'level', 'contentType', 'hasAttribute', 'noAttribute', 'topFlag', 'tag', 'page', 'size']));
    expect(labels("{% cms_content sort: 'Recent' ")).not.toContain('sort');
    expect(labels("{% cms_content le")).toEqual(['level']);
    expect(labels("{% cms_content sort: '")).toEqual(['Default', 'Recent', 'Views', 'Likes', 'Comments', 'Favorites']);
    expect(labels("{% cms_catalog level: 'Ch")).toEqual(['Child']);
    expect(labels('{% cms_content page: ')).toEqual(['true', 'false']);
    expect(suggestionsAt('{% cms_content so', [], 'en')[0]).toMatchObject({ insert: "sort: '", again: true });
  });

  it('offers filters after |, and the page type\'s variables and their fields', () => {
    expect(labels('{{ Content.publishDate | date')).toEqual(expect.arrayContaining(['dateFormat']));
    expect(labels('{{ x | ')).toEqual(expect.arrayContaining(['iurl', 'internalUrl', 'imageSize', 'clearHtmlTag']));
    expect(labels('{{ ', ['index'])).toContain('Site');
    expect(labels('{{ ', ['index'])).not.toContain('Content');
    expect(labels('{{ ', ['content'])).toContain('Content');
    expect(labels('{{ Content.pub', ['content'])).toEqual(['publishDate']);
    expect(labels("{% cms_catalog %}{% for c in ")).toContain('DataList');
    expect(labels("{% cms_catalog %}{% endcms_catalog %}{% for c in ")).not.toContain('DataList');
  });

  it('knows nothing inside strings or outside Liquid', () => {
    expect(contextAt('<div class="a')).toBeNull();
    expect(contextAt("{{ 'a | b")).toBeNull();
  });
});

describe('template hover', () => {
  it('documents tags, attributes, filters and variables in the reader\'s language', () => {
    const line = "{% cms_content sort: 'Recent' %}{{ Content.title | clearHtmlTag }}";
    expect(hoverAt(line, 6, 'en')?.doc).toMatch(/^\*\*cms_content\*\*/);
    expect(hoverAt(line, 17, 'en')?.doc).toMatch(/`sort` Default \| Recent/);
    expect(hoverAt(line, 56, 'zh-CN')?.doc).toMatch(/clearHtmlTag/);
    expect(hoverAt(line, 37, 'zh-TW')?.doc).toMatch(/^\*\*Content\*\* \(object\)\n\n目前頁面的內容/);
    expect(hoverAt(line, 45, 'en')).toBeNull(); // a field: not documented one by one
  });
});
