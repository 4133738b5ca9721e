// Time and LIKE helpers the log lists use (through the resource pattern), kept here for their tests.
export { likePattern, parseLocalTime } from '../../core/query.ts';
