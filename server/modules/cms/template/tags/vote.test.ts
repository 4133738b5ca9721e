import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer } from '../../../../../tests/helpers/server.ts';
import { drainQueue } from '../../publish/worker.ts';
import { writeTemplates, type TestSite } from '../test-site.ts';
import { cmsVoteLog } from '../../vote/schema.ts';

// A published page embeds a vote through cms_vote: a plain HTML form a reader without script
// can submit (the sites' server answers with a page), texts escaped, another site's or a stopped
// vote printing nothing, the results link only where the vote shows results.
const dataDir = mkdtempSync(join(tmpdir(), 'castanea-votes-'));
const ts = useTestServer({ config: { dataDir } });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const H = { repeatSubmit: 'false', 'accept-language': 'en' };

async function ok(siteId: number, method: string, url: string, body?: unknown) {
  const r = await ts.api(method, url, { token: ts.admin, body, headers: { ...H, CurrentSite: String(siteId) } });
  expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
}
const index = (path: string) => readFileSync(join(dataDir, 'wwwroot', path, 'index.shtml'), 'utf8');

describe('cms_vote on a published page', () => {
  let siteId = 0;
  let voteId = 0;
  beforeAll(async () => {
    siteId = (await ok(0, 'POST', '/cms/site', { name: 'Ballots', path: 'ballots' })).siteId;
    const other = (await ok(0, 'POST', '/cms/site', { name: 'Other', path: 'otherballots' })).siteId;
    voteId = (await ok(siteId, 'POST', '/vote', { title: 'Lunch <script>x</script>', code: 'lunch', viewType: '2' })).voteId;
    await ok(siteId, 'POST', '/vote/subject', { voteId, title: 'Pizza & pasta?', type: 'radio', itemLines: 'Yes\n<b>No</b>', sortFlag: 1 });
    await ok(siteId, 'POST', '/vote/subject', { voteId, title: 'Sides', type: 'checkbox', itemLines: 'Salad\nSoup', sortFlag: 2 });
    await ok(siteId, 'POST', '/vote/subject', { voteId, title: 'Anything else', type: 'input', sortFlag: 3 });
    await ok(siteId, 'POST', '/vote', { title: 'Secret', code: 'secret', viewType: '0' });
    await ok(siteId, 'POST', '/vote', { title: 'Stopped one', code: 'stopped', status: '1' });
    await ok(other, 'POST', '/vote', { title: 'Their vote', code: 'theirs' });
    await writeTemplates(ts, { siteId, path: 'ballots' } as TestSite, {
      'index.template.html': '<div id="a">{% cms_vote code: \'lunch\', submit: \'Send\', results: \'See results\' %}</div><div id="b">{% cms_vote code: \'secret\' %}</div><div id="c">{% cms_vote code: \'stopped\' %}{% cms_vote code: \'theirs\' %}</div>',
    });
    await ok(siteId, 'POST', '/cms/site/publish', { siteId });
    await drainQueue(ts.server.services);
  });

  it('prints the form: a fieldset per choice subject, a textarea per text subject, every text escaped', () => {
    const html = index('ballots');
    expect(html).toContain(`<form class="cms-vote" id="vote-lunch" method="post" action="/api/vote" data-site-id="${siteId}" data-vote-id="${voteId}" data-user-type="ip" data-view-type="2" data-state="open" data-cx-post="/api/vote" aria-label="Lunch &lt;script&gt;x&lt;/script&gt;">`);
    expect(html).toContain('<legend>Pizza &amp; pasta?</legend>');
    expect(html).toContain('&lt;b&gt;No&lt;/b&gt;</label>');
    expect(html).toMatch(/<input type="checkbox" name="s\d+" value="\d+"> Salad/);
    expect(html).toMatch(/<label for="vote-lunch-\d+">Anything else<\/label> <textarea id="vote-lunch-\d+" name="s\d+" maxlength="500"><\/textarea>/);
    expect(html).toContain(`<button type="submit">Send</button> <a class="vote-results" href="/api/vote/result/${voteId}?sid=${siteId}&amp;format=html" rel="nofollow">See results</a>`);
    // An empty status line and results box for the readers' script to fill.
    expect(html).toContain('<p class="vote-status form-status" data-cx-status role="status" aria-live="polite"></p><div class="vote-result" data-cx-result hidden></div></form>');
    expect(html).not.toContain('<script>');
  });

  it('prints no results link where results are never shown, and nothing for a stopped vote or another site\'s', () => {
    const html = index('ballots');
    expect(html).toMatch(/<div id="b"><form class="cms-vote" id="vote-secret"[^]*<button type="submit">Vote<\/button><\/p><p class="vote-status[^]*?<\/form>\n<\/div>/);
    expect(html).toContain('<div id="c"></div>');
  });

  it('is submitted as a browser without script would, and answered with a page of thanks and results', async () => {
    const form = index('ballots').match(/<div id="a">([^]*?)<\/form>/)![1]!;
    // What a browser sends: the hidden fields, the first option of each choice, a typed text.
    const fields = new URLSearchParams();
    for (const [, name, value] of form.matchAll(/<input type="hidden" name="(\w+)" value="(\d+)">/g)) fields.append(name!, value!);
    const firstOf = (type: string) => [...form.matchAll(new RegExp(`<input type="${type}" name="(s\\d+)" value="(\\d+)"`, 'g'))][0]!;
    for (const type of ['radio', 'checkbox']) fields.append(firstOf(type)[1]!, firstOf(type)[2]!);
    fields.append(form.match(/<textarea id="[^"]+" name="(s\d+)"/)![1]!, 'More <i>cheese</i>');
    const r = await ts.server.sites.inject({ method: 'POST', url: '/api/vote', payload: fields.toString(), remoteAddress: '198.51.100.77', headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', referer: 'http://localhost/ballots/' } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.body).toContain('<h1>Thank you for voting</h1>');
    expect(r.body).toContain('<h2>Pizza &amp; pasta?</h2>');
    expect(r.body).toContain('<a href="/ballots/">Back</a>');
    const [log] = await ts.database.db.select().from(cmsVoteLog).where(eq(cmsVoteLog.voteId, voteId));
    expect(log!.result.map((a) => a.text ?? a.itemIds!.length)).toEqual([1, 1, 'More <i>cheese</i>']);
  });
});
