// The shapes of the /prod-api contract that console and server share (ChestnutCMS `R<T>` and
// `TableData<T>`): declared once here, used by the server's envelope and the console's request layer.

/** The reply envelope of every call; `data` is left out when there is none (ChestnutCMS NON_NULL). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

/** A page of a table: rows and total inside `data` (ChestnutCMS clients may send total as a string). */
export interface TablePage<T, Total = number> {
  rows: T[];
  total: Total;
}
