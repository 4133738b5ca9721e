// The review keys, apart from the model's resource definition so the console's shell can name
// them without loading that definition (and zod) on every page.

/** Reviewing (My reviews: to do, done, approve, reject); a task is still only its candidates'. */
export const REVIEW_VIEW = 'workflow:review:view';
/** Publishing without review where a model is bound (docs/review-workflows.md). */
export const REVIEW_BYPASS = 'workflow:review:bypass';

/** The model's routes and keys, for the designer and the bindings, which must not load the definition (zod). */
export const MODEL_API = '/workflow/model';
export const MODEL_VIEW = 'workflow:model:view';
export const MODEL_EDIT = 'workflow:model:edit';
/** Deploying a draft as the model's next version; suspending and resuming it (buttons 3515, 3514). */
export const MODEL_DEPLOY = 'workflow:model:deploy';
export const MODEL_CHANGE_STATUS = 'workflow:model:changeStatus';
/** A model's status (dict WorkflowModelStatus, spec §4 "Workflow model: suspend or resume"). */
export const ModelStatus = { ACTIVE: '0', SUSPENDED: '1' } as const;
/** The largest draft accepted (a drawn review model is a few KiB; the diagram's shapes included). */
export const MODEL_XML_MAX = 1_000_000;
/** The designer's page (a hand-written page, active menu the model list): `?modelId=`. */
export const MODEL_DESIGN_PATH = '/workflow/model/design';
