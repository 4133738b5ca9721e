// The messaging module's public surface: what the other modules and the server's composition may use.
// Anything else in this folder is the module's own (.dependency-cruiser.cjs enforces it).

export { messagingModule } from './routes.ts';
// The guard of outbound requests (public addresses only, an operator's list besides): the CMS's search-engine pushes and CDN purges use it too.
export { allowedAddresses, pinnedLookup, type TargetPolicy } from './target-guard.ts';
// Mail through the default configs: members' codes (sendEmail), the CMS's mailbox replies (sendToChannel).
export { sendEmail, sendToChannel, SendFailure, type OutgoingMessage } from './send.ts';
// One message through given platform settings (a stored row read back with readTarget): the CMS's message pushers.
export { deliver, readTarget } from './send.ts';
