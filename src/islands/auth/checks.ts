// What the sign-in and registration forms check before sending: the shared schemas (zod) and their
// localised messages. Loaded apart from the page (form-kit.ts lazyChecks), so the sign-in page is
// ready without zod's ~23 KiB.
export { loginBody, registerBody } from '../../../shared/validators/auth.ts';
export { validate, requiredText } from '../../lib/forms/validate.ts';
