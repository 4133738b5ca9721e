// The messaging module's public surface: what the other modules and the server's composition may use.
// Anything else in this folder is the module's own (.dependency-cruiser.cjs enforces it).

export { messagingModule } from './routes.ts';
// The guard of outbound requests (public addresses only, an operator's list besides): the CMS's search-engine pushes and CDN purges use it too.
export { allowedAddresses, pinnedLookup, type TargetPolicy } from './target-guard.ts';
// Mail to a person through the default SMTP configuration (the CMS's member codes).
export { sendEmail, SendFailure, type OutgoingMessage } from './send.ts';
