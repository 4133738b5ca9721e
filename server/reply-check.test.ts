import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer } from '../tests/helpers/server.ts';
import { defineRoute, noData, type ServerModule } from './core/route.ts';
import { modules } from './modules/index.ts';

// A route whose reply changes shape without its schema: what the reply check every test server
// runs (tests/helpers/reply-check.ts) exists to catch.
const drifting: ServerModule = {
  name: 'drift',
  routes: [
    defineRoute({
      method: 'GET',
      url: '/drift/count',
      perm: 'public',
      query: z.object({ drifted: z.enum(['yes', 'no']).default('no') }),
      reply: z.object({ count: z.int(), names: z.array(z.string()) }),
      // The declared shape, or the count as text (a column type changed, a presenter reformatted it).
      handler: ({ query }) => (query.drifted === 'yes' ? { count: '3', names: ['a'] } : { count: 3, names: ['a'] }),
    }),
    defineRoute({ method: 'GET', url: '/drift/nothing', perm: 'public', reply: noData, handler: () => ({ surprise: true }) }),
    defineRoute({ method: 'GET', url: '/drift/refused', perm: 'public', reply: z.object({ count: z.int() }), handler: () => { throw new Error('refused'); } }),
  ],
};

describe('the reply check of every test server', () => {
  it('passes replies of the declared shape and refusals, and fails the file on one that drifted', async () => {
    const ts = await startTestServer({ modules: [...modules, drifting] });
    let closed = false;
    try {
      expect((await ts.api('GET', '/drift/count')).data).toEqual({ count: 3, names: ['a'] });
      // A refusal (code 500) carries no data to check.
      expect((await ts.api('GET', '/drift/refused')).code).toBe(500);
      // Undeclared replies are left alone.
      expect((await ts.api('GET', '/login/config')).code).toBe(200);
      expect(ts.replyCheck.failures).toEqual([]);

      expect((await ts.api('GET', '/drift/count', { query: { drifted: 'yes' } })).code).toBe(200);
      expect(await ts.api('GET', '/drift/nothing')).toMatchObject({ code: 200, data: { surprise: true } });
      expect(ts.replyCheck.failures).toEqual([
        'GET /prod-api/drift/count: data/count must be integer',
        'GET /prod-api/drift/nothing: declares no data, answered some',
      ]);
      // Replayed inside a batch, the same call is checked as well.
      await ts.api('GET', '/batch', { query: { get: '/drift/count?drifted=yes' } });
      expect(ts.replyCheck.failures).toHaveLength(3);
      closed = true;
      await expect(ts.close()).rejects.toThrow(/GET \/prod-api\/drift\/count: data\/count must be integer/);
    } finally {
      if (!closed) await ts.close();
    }
  });
});
