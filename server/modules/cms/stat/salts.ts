import { randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { cmsStatSalt } from './schema.ts';
import { utcDay } from './visitor.ts';

/**
 * The visitor hashes' salt of each UTC day, kept in the database while its day lasts so two
 * server processes, or one restarted at noon, count a reader once (as Plausible does). The first
 * process to see a day's view makes it; the others read that one (insert … on conflict do
 * nothing, then select). Earlier days' salts are deleted when a day's salt is made and by
 * `sweep` (called every flush), so a day's hashes cannot be tied to an address once it is over.
 */
export class DailySalts {
  private readonly db: Database['db'];
  private asked = new Map<string, Promise<Buffer>>();
  private swept = '';

  constructor(db: Database['db']) {
    this.db = db;
  }

  /** The salt of `day` (yyyy-mm-dd), made if no process made it yet. */
  of = (day: string): Promise<Buffer> => {
    let salt = this.asked.get(day);
    if (!salt) {
      salt = this.fetch(day);
      // One day asked at a time in practice; a failed ask is asked again by the next view.
      this.asked = new Map([[day, salt]]);
      salt.catch(() => this.asked.delete(day));
    }
    return salt;
  };

  private async fetch(day: string): Promise<Buffer> {
    return this.db.transaction(async (tx) => {
      await tx.insert(cmsStatSalt).values({ day, salt: randomBytes(32).toString('hex') }).onConflictDoNothing();
      const [row] = await tx.select().from(cmsStatSalt).where(eq(cmsStatSalt.day, day));
      await tx.delete(cmsStatSalt).where(lt(cmsStatSalt.day, day));
      return Buffer.from(row!.salt, 'hex');
    });
  }

  /** Deletes the salts of days before today's (once a day per process): a quiet day leaves nothing behind. */
  async sweep(now: number): Promise<void> {
    const today = utcDay(now);
    if (this.swept === today) return;
    await this.db.delete(cmsStatSalt).where(lt(cmsStatSalt.day, today));
    this.swept = today;
  }
}
