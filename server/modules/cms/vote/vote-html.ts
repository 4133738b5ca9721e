import { escapeHtml } from '../template/html.ts';
import { VOTE_TEXT_MAX, VoteViewType } from '../../../../shared/cms/vote.ts';

/** What a page needs to print a vote's form (the `cms_vote` tag): no database code here, a render thread uses it. */
export interface VoteMarkup {
  voteId: number;
  siteId: number;
  code: string;
  title: string;
  userType: string;
  viewType: string;
  /** 'open', or the message key saying why not (closed, not started, ended) at publish time */
  state: string;
  subjects: { subjectId: number; title: string; type: string; items: { itemId: number; content: string }[] }[];
}

/** Where the form posts and the results are read: the page's own origin (the sites' server answers /api/…). */
export const VOTE_SUBMIT_PATH = '/api/vote';
export const voteResultPath = (m: Pick<VoteMarkup, 'voteId' | 'siteId'>) => `/api/vote/result/${m.voteId}?sid=${m.siteId}&format=html`;

/** The words a page prints with a vote: the button, the results link, and for the readers' script the thanks and "{n} votes". */
export interface VoteTexts {
  submit: string;
  results: string;
  thanks?: string;
  votes?: string;
}

/**
 * A vote as a plain HTML form: a fieldset per choice subject (radio or checkbox inputs named
 * `s<subjectId>`, the option ids as values), a textarea per text subject, hidden `sid` and
 * `voteId`; it posts form-encoded to /api/vote, which answers a reader without script with a page
 * (thanks and the results the view type allows). With the readers' script (`data-cx-post`) it is
 * sent in place with a member's token, which a plain form cannot send; the script also reloads the
 * subjects and state from the API (the page may be older than the vote) and fills the empty status
 * line and results box printed here. A link to the results is printed unless the vote never shows
 * them. Every text is escaped.
 */
export function voteHtml(m: VoteMarkup, texts: VoteTexts): string {
  const code = escapeHtml(m.code);
  const subjects = m.subjects.map((s) => {
    const name = `s${s.subjectId}`;
    const id = `vote-${code}-${s.subjectId}`;
    if (s.type === 'input') {
      return `<p class="vote-subject vote-input"><label for="${id}">${escapeHtml(s.title)}</label> <textarea id="${id}" name="${name}" maxlength="${VOTE_TEXT_MAX}"></textarea></p>`;
    }
    const type = s.type === 'checkbox' ? 'checkbox' : 'radio';
    // A radio group is required in HTML (one input carrying `required` is enough); a checkbox group is checked by the server.
    const options = s.items.map((i, n) => `<label><input type="${type}" name="${name}" value="${i.itemId}"${type === 'radio' && n === 0 ? ' required' : ''}> ${escapeHtml(i.content)}</label>`).join(' ');
    return `<fieldset class="vote-subject vote-${type}" data-subject-id="${s.subjectId}"><legend>${escapeHtml(s.title)}</legend>${options}</fieldset>`;
  });
  const open = m.state === 'open';
  const results = m.viewType === VoteViewType.NEVER ? '' : ` <a class="vote-results" href="${escapeHtml(voteResultPath(m))}" rel="nofollow">${escapeHtml(texts.results)}</a>`;
  return `<form class="cms-vote" id="vote-${code}" method="post" action="${VOTE_SUBMIT_PATH}" data-site-id="${m.siteId}" data-vote-id="${m.voteId}" data-user-type="${escapeHtml(m.userType)}" data-view-type="${escapeHtml(m.viewType)}" data-state="${escapeHtml(m.state)}" data-cx-post="${VOTE_SUBMIT_PATH}"${texts.thanks ? ` data-cx-ok="${escapeHtml(texts.thanks)}"` : ''}${texts.votes ? ` data-cx-votes="${escapeHtml(texts.votes)}"` : ''} aria-label="${escapeHtml(m.title)}">`
    + `<input type="hidden" name="sid" value="${m.siteId}"><input type="hidden" name="voteId" value="${m.voteId}">`
    + `<h2 class="vote-title">${escapeHtml(m.title)}</h2>${subjects.join('')}`
    + `<p class="vote-actions"><button type="submit"${open ? '' : ' disabled'}>${escapeHtml(texts.submit)}</button>${results}</p>`
    + '<p class="vote-status form-status" data-cx-status role="status" aria-live="polite"></p><div class="vote-result" data-cx-result hidden></div></form>\n';
}
