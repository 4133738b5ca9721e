/**
 * Votes' fixed vocabularies (dicts VoteStatus, VoteSubjectType, VoteViewType and who may vote),
 * shared by the console's definitions, the server and the template tag.
 */
export const VoteStatus = { NORMAL: '0', STOPPED: '1', CLOSED: '2' } as const;
export const VOTE_STATUSES = ['0', '1', '2'] as const;

export const VOTE_SUBJECT_TYPES = ['radio', 'checkbox', 'input'] as const;
export type VoteSubjectType = (typeof VOTE_SUBJECT_TYPES)[number];

/** 0: readers never see results; 1: after they voted; 2: always. */
export const VoteViewType = { NEVER: '0', AFTER_VOTE: '1', ALWAYS: '2' } as const;
export const VOTE_VIEW_TYPES = ['0', '1', '2'] as const;

/** Who may vote, and what the limits count: anyone (per address) or signed-in members (per member). */
export const VOTE_USER_TYPES = ['ip', 'member'] as const;
export type VoteUserType = (typeof VOTE_USER_TYPES)[number];

/** The longest text answer kept (plain text). */
export const VOTE_TEXT_MAX = 500;
/** The most options one choice subject may have, and subjects one vote may have. */
export const VOTE_MAX_ITEMS = 50;
export const VOTE_MAX_SUBJECTS = 50;
