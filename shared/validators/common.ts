import { z } from 'zod';
import { v } from './issues.ts';

// General rules of spec §5, shared by server routes and console forms.

/** Required text: blank after trimming counts as empty. */
export const requiredText = (max = 255) => z.string({ error: v('required') }).trim().min(1, v('required')).max(max, v('tooLong'));
export const optionalText = (max = 255) => z.string().trim().max(max, v('tooLong')).optional();

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const CODE_PATTERN = /^[A-Za-z0-9_]+$/;
export const LETTERS_DIGITS_PATTERN = /^[A-Za-z0-9]+$/;

export const email = () => z.string().trim().email(v('email'));
export const phone = () => z.string().trim().regex(PHONE_PATTERN, v('phone'));
/** Code, alias, path and vote code: letters, digits and underscore. */
export const code = (max = 100) => requiredText(max).regex(CODE_PATTERN, v('code'));

/** A whole number from a form (numbers or numeric strings) within [min, max]; the message names the range. */
export const intRange = (min: number, max: number, initial: number) =>
  z.coerce.number().int().min(min, v('range', { min, max })).max(max, v('range', { min, max })).default(initial);

/**
 * The largest id: ids are PostgreSQL bigints read as JavaScript numbers, exact up to 2^53 - 1.
 * Anything larger (a 20-digit id) is refused by its field rather than failing in the database.
 */
export const MAX_ID = Number.MAX_SAFE_INTEGER;
const idRange = v('idRange', { max: MAX_ID });
/** A blank id (a select left empty) is a missing value, not a malformed one: "X is required". */
const blankOrIdRange = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? v('required') : idRange);

/** Ids arrive as numbers or, from ChestnutCMS-style clients and URL paths, as strings. */
export const id = () =>
  z.union([z.number({ error: idRange }).int(idRange), z.string({ error: idRange }).regex(/^\d+$/, idRange)], { error: blankOrIdRange })
    .transform(Number)
    .pipe(z.number().min(0, idRange).max(MAX_ID, idRange));

/** A number filter of a list query (a string in the query): digits only, within the id range. */
export const numberFilter = () => z.string().regex(/^\d{0,15}$/, idRange).optional();
