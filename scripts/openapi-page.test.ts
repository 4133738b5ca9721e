import { describe, expect, it } from 'vitest';
import { openApiPage } from './openapi-page.ts';

const doc = {
  openapi: '3.1.0',
  info: { title: 'Castanea API', version: '1.0.0', description: 'codes' },
  paths: {
    '/prod-api/system/post/{id}': {
      get: {
        operationId: 'getProdApiSystemPostId',
        tags: ['system'],
        summary: 'A post <script>alert(1)</script>',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }, { $ref: '#/components/parameters/CurrentSite' }],
        responses: { 200: { content: { 'application/json': { schema: { oneOf: [{ properties: { code: { const: 200 }, data: { type: 'object', properties: { postName: { type: 'string' } } } } }, { properties: { code: { enum: [500] } } }] } } } } },
        'x-permission': 'system:post:view',
        'x-site-scoped': true,
        'x-reply-codes': [200, 401, 500],
      },
    },
  },
  components: { parameters: { CurrentSite: { name: 'CurrentSite', in: 'header', required: false, schema: { type: 'integer' } } } },
};

describe('the offline page of the OpenAPI document', () => {
  it('shows each operation with its permission, parameters (references resolved) and reply data, markup as text', () => {
    const html = openApiPage(doc);
    expect(html).toContain('<span class="m get">GET</span> <code>/prod-api/system/post/{id}</code>');
    expect(html).toContain('permission <code>&#34;system:post:view&#34;</code> · current site');
    expect(html).toContain('<td><code>CurrentSite</code></td><td>header</td>');
    expect(html).toContain('&#34;postName&#34;');
    expect(html).toContain('A post &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('tells a route answering no data or a file from one whose reply is not declared yet', () => {
    const noData = { operationId: 'x', responses: { 200: { content: { 'application/json': { schema: { oneOf: [{ properties: { code: { const: 200 }, msg: {} }, additionalProperties: false }] } } } } } };
    const undeclared = { operationId: 'y', responses: { 200: { content: { 'application/json': { schema: { oneOf: [{ properties: { code: { const: 200 }, msg: {}, data: { description: 'not declared yet' } } }] } } } } } };
    expect(openApiPage({ info: {}, paths: { '/a': { put: noData } } })).toContain('reply: no data');
    expect(openApiPage({ info: {}, paths: { '/b': { put: undeclared } } })).toContain('reply data not declared');
    const file = { operationId: 'z', responses: { 200: { content: { 'application/zip': { schema: {} }, 'application/json': { schema: { type: 'object' } } } } } };
    expect(openApiPage({ info: {}, paths: { '/c': { post: file } } })).toContain('reply: application/zip</p>');
  });
});
