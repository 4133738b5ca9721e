import { z } from 'zod';
import { v } from './issues.ts';
import { CODE_PATTERN } from './common.ts';

// URL and name rules of spec §5 General, shared by server routes and console forms.

/** http(s) or ftp with a host (name, IPv4 or localhost, optional port and path), or a {address}-prefixed template. */
export const URL_PATTERN = /^(?:(?:https?|ftp):\/\/(?:localhost|(?:\d{1,3}\.){3}\d{1,3}|(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,})(?::\d{1,5})?(?:[/?#]\S*)?|\{address\}\S*)$/;
/** Remote resource links: only http:// or https://. */
export const HTTP_URL_PATTERN = /^https?:\/\/\S+$/;

/** A URL; empty gives the not-empty message. */
export const url = () => z.string({ error: v('required') }).trim().min(1, v('required')).regex(URL_PATTERN, v('url'));
/** A remote link that must start with http:// or https://. */
export const httpUrl = () => z.string({ error: v('required') }).trim().min(1, v('required')).regex(HTTP_URL_PATTERN, v('url'));

/** Alias, path and vote code share the code rule: letters, digits and underscore. */
export const isCode = (value: string) => CODE_PATTERN.test(value);
export const alias = (max = 100) => z.string({ error: v('required') }).trim().min(1, v('required')).max(max, v('tooLong')).regex(CODE_PATTERN, v('code'));
export const path = alias;
