// The review keys, apart from the model's resource definition so the console's shell can name
// them without loading that definition (and zod) on every page.

/** Reviewing (My reviews: to do, done, approve, reject); a task is still only its candidates'. */
export const REVIEW_VIEW = 'workflow:review:view';
/** Publishing without review where a model is bound (docs/review-workflows.md). */
export const REVIEW_BYPASS = 'workflow:review:bypass';
