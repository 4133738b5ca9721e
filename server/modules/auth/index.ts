// The auth module's public surface: what the other modules and the server's composition may use.
// Anything else in this folder is the module's own (.dependency-cruiser.cjs enforces it).

export { onlineModule } from './online.ts';
export { selfServiceModule } from './profile-routes.ts';
export { authModule } from './routes.ts';
export { sysCaptcha, sysSession } from './schema.ts';
export { actorOfSession, resolveActor, revokeUserSessions } from './session.ts';
export { clearAttempts } from './attempts.ts';
// The retry limit and lock of console sign-ins, for another kind of account in a key space of its own (CMS members).
export { attemptFailed, pruneAttempts, reserveAttempt, type AttemptSpace } from './attempts.ts';
export { checkCaptcha, issueCaptcha } from './captcha.ts';
export { captchaReply } from './replies.ts';
