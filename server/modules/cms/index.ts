// The cms module's public surface: what the other modules and the server's composition may use.
// Anything else in this folder is the module's own (.dependency-cruiser.cjs enforces it).

export { cmsModule } from './routes.ts';
// For the review workflow (server/modules/workflow): the tables its rows point at, the gate it puts
// before Publish, the publish it ends with, and the needs its routes declare.
export { cmsSite } from './site/schema.ts';
export { cmsCatalog } from './catalog/schema.ts';
export { cmsContent } from './content/schema.ts';
export { publishGates, type PublishGate } from './content/publish-gate.ts';
export { reviewCounters, type ReviewCounter } from './content/review-count.ts';
export { publish as publishContents } from './content/workflow.ts';
export type { ContentRow } from './content/access.ts';
export type { CatalogRow } from './catalog/access.ts';
export { onContents } from './content/needs.ts';
export { onCatalog } from './catalog/needs.ts';
export { editsSite } from './site/current.ts';
