import { describe, expect, it } from 'vitest';
import { Liquid } from 'liquidjs';
import { ServerI18n } from '../../../core/i18n.ts';
import { CMS_MESSAGES } from '../messages/index.ts';
import { toTemplateError } from './errors.ts';

// Issue 26 item 8: LiquidJS's own errors were its English text inside a Chinese sentence
// ("…第 9 行第 1 列：tag "cms_" not found").

const i18n = new ServerI18n([CMS_MESSAGES]);
const liquid = new Liquid({ strictFilters: true, strictVariables: true });

/** The error `source` gives when parsed and rendered, as a reader of `lng` reads it. */
async function problemIn(lng: 'zh-CN' | 'zh-TW' | 'en', source: string): Promise<string> {
  try {
    await liquid.parseAndRender(source, {});
  } catch (err) {
    return toTemplateError(err, 'index.template.html').localized(i18n.translator(lng));
  }
  throw new Error(`no error in ${source}`);
}

describe('LiquidJS errors in the reader\'s language', () => {
  it('names an unknown tag or filter, an unclosed tag or output, in Chinese with its place', async () => {
    const at9 = '\n'.repeat(8) + '{% cms_ %}';
    expect(await problemIn('zh-CN', at9)).toBe('index.template.html，第 9 行第 1 列：没有标签"cms_"');
    expect(await problemIn('zh-TW', at9)).toBe('index.template.html，第 9 行第 1 欄：沒有標籤「cms_」');
    expect(await problemIn('en', at9)).toBe('index.template.html, line 9, column 1: there is no tag "cms_"');
    expect(await problemIn('zh-CN', '{{ 1 | nofilter }}')).toMatch(/：没有过滤器"nofilter"$/);
    expect(await problemIn('zh-CN', '{% if true %}never ends')).toMatch(/：标签 \{% if true %\} 未闭合$/);
    expect(await problemIn('zh-CN', 'a {{ b')).toMatch(/：输出 "\{\{ b" 未以 \}\} 闭合$/);
    expect(await problemIn('zh-CN', '{{ missing }}')).toMatch(/：变量 missing 未定义$/);
    expect(await problemIn('zh-CN', '{% if true %}{% else %}{% else %}{% endif %}')).toMatch(/：else 重复出现$/);
  });

  it('leaves no LiquidJS English in a Chinese message for the common mistakes', async () => {
    for (const source of ['{% cms_ %}', '{{ 1 | nofilter }}', '{% for x in %}{% endfor %}', '{% assign = 1 %}', '{{ (1..2 }}', '{% %}', '{{ a | }}', '{% if %}{% endif %}']) {
      const detail = (await problemIn('zh-CN', source)).replace(/^index\.template\.html，第 \d+ 行第 \d+ 列：/, '');
      expect(detail, source).toMatch(/[\u4e00-\u9fff]/);
      expect(detail, source).not.toMatch(/not found|not closed|undefined|expected|illegal|invalid|unbalanced|duplicated/);
    }
  });
});
