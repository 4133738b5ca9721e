import type { Database, DbOrTx } from '../db/client.ts';
import type { ServerConfig } from '../config.ts';
import type { ServerI18n } from './i18n.ts';
import { RepeatSubmitGuard } from './repeat-submit.ts';
import { CacheRegistry } from './caches.ts';
import { AsyncTaskManager } from './async-tasks.ts';
import { CmsEvents } from './cms-events.ts';
import type { MessageCatalog } from './i18n.ts';
import type { ConfigSeed, DictSeed, MenuSeed, SeedStep } from './seed-data.ts';
import type { ResourceDef } from '../../shared/resources/define.ts';
import { LOCALES, type Locale } from '../../shared/i18n/locales.ts';
import type { Actor } from './access.ts';

/**
 * What the whole server shares; handed to every route through its context. Only what the core
 * itself needs lives here; a module keeps its own per-server state with `perServices` (the system
 * module's IP guard and configs, a scheduler…), so the core depends on no module.
 */
export class Services {
  readonly repeatGuard = new RepeatSubmitGuard();
  readonly caches = new CacheRegistry();
  readonly tasks = new AsyncTaskManager();
  /** CMS events (a content submitted for review, a comment awaiting review…): modules emit, the pushers listen. */
  readonly events = new CmsEvents();
  readonly database: Database;
  readonly config: ServerConfig;
  readonly i18n: ServerI18n;
  /** What the mounted modules contribute besides routes (task types, menus, messages…). */
  readonly shipped: Shipped;
  /**
   * The actor of a live session by its token's hash, or null (revoked, expired, user disabled): the
   * sign-in module's check, set where the server is composed (server/app.ts), for what a module
   * checks outside a request's pipeline (a preview ticket names the session that minted it).
   */
  actorOfSession: (tokenHash: string) => Promise<Actor | null> = async () => null;
  /**
   * What the sign-in module keeps of an account that must go when the account changes (a user
   * disabled or given a new password), for the system's user screens: set where the server is
   * composed, so the system imports nothing of the sign-in module, which builds on its users.
   * Until set, a call fails: a disabled user's sessions never stay by omission.
   */
  accounts: AccountHooks = { revokeUserSessions: uncomposed, clearAttempts: uncomposed };
  /**
   * A sys_config value by key (the system module's settings), set where the server is composed:
   * modules the system builds on (common's upload limit) read settings without importing it.
   */
  setting: (key: string) => Promise<string | undefined> = uncomposed;
  constructor(database: Database, config: ServerConfig, i18n: ServerI18n, shipped: Shipped = NOTHING_SHIPPED) {
    this.database = database;
    this.config = config;
    this.i18n = i18n;
    this.shipped = shipped;
    // A failed async task is a CMS event of no site (the pushers subscribed to it, on every site), in a transaction of its own.
    this.tasks.onFailed = (task) => this.database.db.transaction((tx) => this.events.emit(tx, {
      type: 'AsyncTaskFailed', siteId: null, params: { name: task.name, error: task.errMessages.at(-1) ?? '' }, link: '/admin/monitor/task',
    }));
    this.caches.register({
      name: 'repeatSubmit',
      describe: 'cache.repeatSubmit',
      keys: () => this.repeatGuard.entries().map(([k]) => k),
      value: (key) => new Date(this.repeatGuard.entries().find(([k]) => k === key)?.[1] ?? 0),
      clear: (key) => this.repeatGuard.clear(key),
    });
  }

  get db() {
    return this.database.db;
  }
}

/** What the sign-in module does to an account's state on the caller's handle (see Services.accounts). */
export interface AccountHooks {
  /** Ends every session of the user. */
  revokeUserSessions(db: DbOrTx, userId: number): Promise<void>;
  /** Forgets the user's failed sign-ins (and lifts a retry lock). */
  clearAttempts(db: DbOrTx, userName: string): Promise<void>;
}

const uncomposed = async (): Promise<never> => {
  throw new Error('Services hook called before the server was composed (server/app.ts sets it)');
};

/**
 * One `T` per server, made on first use (e.g. a module's scheduler): several test servers in one
 * process each get their own, and it goes away with its server.
 */
export function perServices<T extends object>(make: (services: Services) => T): (services: Services) => T {
  const made = new WeakMap<Services, T>();
  return (services) => {
    let it = made.get(services);
    if (!it) {
      it = make(services);
      made.set(services, it);
    }
    return it;
  };
}

/** What the mounted modules contribute besides routes, gathered once at start (app.ts). */
export interface Shipped {
  /** menu rows, in module order */
  menus: readonly MenuSeed[];
  /** role key → directories whose subtree that built-in role is granted */
  roleMenuRoots: Readonly<Record<string, readonly number[]>>;
  dicts: readonly DictSeed[];
  configs: readonly ConfigSeed[];
  /** seed steps, in module order (after the system's own) */
  steps: readonly SeedStep[];
  messages: readonly MessageCatalog[];
  tasks: ReadonlyMap<string, Task>;
  /** the definitions the modules' routes serve (`route.resource`) that declare a menu or texts */
  definitions: readonly ResourceDef[];
  /** their texts, namespace `screens` per language (titles, field labels) */
  screenTexts: MessageCatalog;
}

export const perLanguage = (build: (lng: Locale) => MessageCatalog[Locale]) => Object.fromEntries(LOCALES.map((lng) => [lng, build(lng)])) as MessageCatalog;

export const NOTHING_SHIPPED: Shipped = {
  menus: [], roleMenuRoots: {}, dicts: [], configs: [], steps: [], messages: [], tasks: new Map(), definitions: [], screenTexts: perLanguage(() => ({})),
};

// A task the schedulers may run (the job module's jobs, the task module's scheduled tasks). Modules
// contribute theirs on their ServerModule (`tasks`); a job can only name a task declared so.

export interface TaskContext {
  services: Services;
  /** the text between the parentheses of the invoke target, if any */
  arg?: string;
}

export interface Task {
  /** i18n key (server messages) describing the task for the job form */
  describe: string;
  /**
   * i18n key (server messages) of the name the job seeded for this task shows in the reader's
   * language, as long as nobody renamed it (job/seeded-name.ts)
   */
  jobName?: string;
  /** true when the task takes an argument, and what kind */
  arg?: 'days' | 'text';
  run(ctx: TaskContext): Promise<string>;
}
