import { CmsInlineTag, type TagRun } from './base.ts';
import { voteHtml, type VoteMarkup } from '../../vote/vote-html.ts';

/**
 * `{% cms_vote code: 'lunch' %}`: the site's vote of that code as a plain HTML form posting to the
 * public API (vote/vote-html.ts), with a link to its results unless they are never shown; nothing
 * for a stopped, unknown or another site's vote. `submit` and `results` name the button and link;
 * `thanks` and `votes` are what the readers' script says after voting and beside each count.
 */
export class VoteTag extends CmsInlineTag {
  // eslint-disable-next-line require-yield
  protected *output(run: TagRun): Generator<unknown, string, unknown> {
    const markup = run.host.data<VoteMarkup | null>(run.state, { kind: 'vote', code: String(run.values.code ?? '') });
    if (!markup) return '';
    const text = (name: string) => (run.values[name] == null ? undefined : String(run.values[name]));
    return voteHtml(markup, { submit: text('submit') ?? 'Vote', results: text('results') ?? 'Results', thanks: text('thanks'), votes: text('votes') });
  }
}
