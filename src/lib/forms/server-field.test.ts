import { describe, expect, it } from 'vitest';
import { fieldOfMessage } from './server-field.ts';

describe('the field a server refusal names', () => {
  const labels = { path: '站点目录', seoTitle: 'SEO 标题', seoTitleSuffix: 'SEO 标题后缀', name: '' };

  it('is the field whose label the message starts with, the longest one first', () => {
    expect(fieldOfMessage('站点目录“news”已存在', labels)).toBe('path');
    expect(fieldOfMessage('SEO 标题后缀不能超过 50 个字符', labels)).toBe('seoTitleSuffix');
    expect(fieldOfMessage('SEO 标题不能为空', labels)).toBe('seoTitle');
  });

  it('is none for a message about no field of the form (an empty label never matches)', () => {
    expect(fieldOfMessage('后端接口连接异常', labels)).toBeUndefined();
    expect(fieldOfMessage('The site has no publish pipe "h5"', { path: 'Site folder' })).toBeUndefined();
  });
});
