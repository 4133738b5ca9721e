// The messaging module's public surface: what the other modules and the server's composition may use.
// Anything else in this folder is the module's own (.dependency-cruiser.cjs enforces it).

export { messagingModule } from './routes.ts';
// The guard of outbound requests (public addresses only, an operator's list besides): the CMS's search-engine pushes and CDN purges use it too.
export { allowedAddresses, pinnedLookup, type TargetPolicy } from './target-guard.ts';
// Sending through a channel's default config: the CMS's mailbox replies (and members' e-mails) go out this way.
export { sendToChannel, SendFailure } from './send.ts';
