/** The policy inside a rich-text value's frame: nothing runs, nothing loads but images. */
export const ENTRY_FRAME_CSP = "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'";

/** A rich-text value as the document of a sandboxed frame, under a policy that runs nothing. */
export const richTextDocument = (html: string): string =>
  `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${ENTRY_FRAME_CSP}"><style>body{font:14px/1.5 system-ui,sans-serif;margin:.5rem}</style>${html}`;
