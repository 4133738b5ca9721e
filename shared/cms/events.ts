/**
 * What happens in the CMS that people may be told about (issue 32): the message pushers subscribe
 * channels to these, the review workflow and the modules that take readers' submissions emit
 * them. The names are the keys of the subscription screen's labels (`pusher.event.<type>`).
 */
export const CMS_EVENT_TYPES = [
  /** a content was submitted for review (a review workflow is bound to its catalog) */
  'ContentSubmitted',
  /** a review step approved or rejected a content */
  'ReviewResult',
  /** publishing a content, catalog or site failed */
  'PublishFailed',
  /** a reader's comment awaits review */
  'CommentPending',
  /** a mailbox message awaits review */
  'MailboxPending',
  /** a reader submitted a custom form */
  'FormSubmitted',
  /** an async task (rebuild, import, publish…) ended in failure */
  'AsyncTaskFailed',
] as const;

export type CmsEventType = (typeof CMS_EVENT_TYPES)[number];

/**
 * One event. `params` fill the message's text (`pusher.event.<type>.text` with `{{title}}`, …), in the
 * language each channel is set to; `link` is a console path (under /admin/) the message points to.
 * Params are plain values a reader or editor typed: a channel renders them as text, never as markup.
 */
export interface CmsEvent {
  type: CmsEventType;
  /** the site it happened on; null for what is not a site's (an async task of the system) */
  siteId: number | null;
  params: Record<string, string | number>;
  link?: string;
}
