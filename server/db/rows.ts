/**
 * The rows of a plain statement (`db.execute`): PGlite's result and node-postgres's both carry
 * `rows`. A module of its own, without the drivers: render threads read through it too.
 */
export const executedRows = <T = Record<string, unknown>>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));
