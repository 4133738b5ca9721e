import { rm } from 'node:fs/promises';
import { z } from 'zod';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { resourceOperations } from '../../../core/resource.ts';
import { routesOf, statusRoute } from '../../../core/resource-routes.ts';
import { chestnutAliases } from '../../../core/chestnut-aliases.ts';
import { aliasRoute, defineRoute, noData, type AnyRoute } from '../../../core/route.ts';
import { failAt } from '../../../core/errors.ts';
import { writeOf, type OpContext } from '../../../core/operation.ts';
import type { DbOrTx } from '../../../db/client.ts';
import type { ResourceDef } from '../../../../shared/resources/define.ts';
import { id } from '../../../../shared/validators/common.ts';
import { memberPassword } from '../../../../shared/validators/member.ts';
import { MEMBER_RESET_PWD, memberResource } from '../../../../shared/resources/cms/member.ts';
import { memberLevelResource } from '../../../../shared/resources/cms/member-level.ts';
import { EXP_OPERATIONS, memberExpResource } from '../../../../shared/resources/cms/member-exp.ts';
import { acceptablePassword, activeSecurity } from '../../system/index.ts';
import { clearAttempts } from '../../auth/index.ts';
import { cmsMember, cmsMemberExpConfig, cmsMemberLevelConfig } from './schema.ts';
import { revokeMemberSessions } from './session.ts';
import { MEMBER_ATTEMPTS, memberAttemptKey } from './account.ts';
import { EXP_LEVEL_TYPE, expLevels } from './exp.ts';
import { avatarFile } from './avatar.ts';

/**
 * The console's Member screens (issue 31 item 2): Member List, Level Config and Exp Config, from
 * their definitions, under ChestnutCMS's `/member/**` paths too. Members are one list for the
 * installation (as in ChestnutCMS): the permission keys alone decide, no site is involved.
 */

type Row = Record<string, unknown>;

/** Our routes of a resource, ChestnutCMS's add/update/delete paths and its `detail/{id}`. */
const mounted = (def: ResourceDef, routes: AnyRoute[]) => [
  ...routes, ...chestnutAliases(routes, def), aliasRoute(routes, `GET ${def.api}/:id`, `GET ${def.api}/detail/:id`),
];

/** The account fields that must be unique, compared as the unique indexes do (any case). */
const UNIQUE_FIELDS = [
  { field: 'userName', col: cmsMember.userName, key: 'member.userNameTaken', lower: true },
  { field: 'email', col: cmsMember.email, key: 'member.emailTaken', lower: true },
  { field: 'phoneNumber', col: cmsMember.phoneNumber, key: 'member.phoneTaken', lower: false },
] as const;

async function beforeSave(op: OpContext, values: Row, mode: 'create' | 'update', existing?: Row) {
  // An empty user name, address or phone is none (the unique indexes would take '' as a value).
  for (const { field } of UNIQUE_FIELDS) if (values[field] === '') values[field] = null;
  for (const { field, col, key, lower } of UNIQUE_FIELDS) {
    const value = values[field];
    if (typeof value !== 'string') continue;
    const same: SQL = lower ? eq(sql`lower(${col})`, value.toLowerCase()) : eq(col, value);
    const [hit] = await op.tx.select({ id: cmsMember.memberId }).from(cmsMember)
      .where(and(same, existing ? ne(cmsMember.memberId, existing.memberId as number) : undefined));
    if (hit) throw failAt(field, key, { value });
  }
  if (mode === 'create') {
    // Hashed like a console user's, after the same security config.
    values.password = await acceptablePassword(await activeSecurity(op.tx), String(values.password ?? ''), {
      userName: values.userName as string | null, email: values.email as string | null, phoneNumber: values.phoneNumber as string | null, nickName: values.nickName as string | null,
    });
    values.source = 'Admin';
    values.registerTime = new Date();
    if (!values.nickName) values.nickName = values.userName ?? null;
  } else {
    delete values.password;
  }
}

/** Member List: search, detail, add, edit, delete, export; never the password hash (a password field). */
export const members = resourceOperations(memberResource, cmsMember, {
  beforeSave,
  // A deleted member's avatar file goes too, once the delete has committed (a rollback keeps it).
  beforeRemove: (op, rows) => {
    const files = rows.map((r) => avatarFile(op.services.config.dataDir, (r.avatar as string | null) ?? null)).filter((f): f is string => !!f);
    if (files.length) op.afterCommit(() => Promise.all(files.map((f) => rm(f, { force: true }).catch(() => undefined))));
  },
});

/**
 * Every member's level again, from its experience, after the levels changed: one UPDATE whose CASE
 * walks the levels as exp.ts's levelFor does.
 */
export async function relevelAll(db: DbOrTx): Promise<void> {
  const levels = await expLevels(db);
  if (!levels.length) return;
  const arms: SQL[] = [];
  for (let i = 0; i + 1 < levels.length; i++) {
    const { level, nextNeedExp } = levels[i]!;
    arms.push(sql`when ${nextNeedExp}::int <= 0 or ${cmsMember.exp} < ${nextNeedExp}::int then ${level}::int`);
  }
  const top = levels.at(-1)!.level;
  await db.update(cmsMember).set({ level: arms.length ? sql`case ${sql.join(arms, sql` `)} else ${top}::int end` : sql`${top}::int` });
}

/** Level Config: members' levels follow a change at once. */
export const memberLevels = resourceOperations(memberLevelResource, cmsMemberLevelConfig, {
  afterCommit: (op) => relevelAll(op.services.db),
  listFilter: () => eq(cmsMemberLevelConfig.levelType, EXP_LEVEL_TYPE),
});

/** Exp Config. */
export const memberExps = resourceOperations(memberExpResource, cmsMemberExpConfig);

/** A type's id and its name in the reader's language. */
const typesReply = z.array(z.object({ id: z.string(), name: z.string() }));
const resetBody = z.object({ memberId: id(), password: memberPassword() });

export const routes: AnyRoute[] = [
  ...mounted(memberResource, routesOf(members)),
  // The list's enable/disable switch; a disabled member is signed out everywhere.
  statusRoute(members, memberResource.perms.edit!, async (op, memberId) => {
    const [m] = await op.services.db.select({ status: cmsMember.status }).from(cmsMember).where(eq(cmsMember.memberId, memberId));
    if (m && m.status !== '0') await revokeMemberSessions(op.services.db, memberId);
  }),
  defineRoute({
    method: 'POST',
    url: '/member/resetPassword',
    perm: MEMBER_RESET_PWD,
    labels: memberResource.name,
    body: resetBody,
    log: { title: memberResource.title, type: 'UPDATE' },
    reply: noData,
    handler: async (ctx) => {
      const { memberId, password } = ctx.body as z.infer<typeof resetBody>;
      await writeOf(ctx, async (op) => {
        const m = await members.load(op, 'update', memberId);
        const hashed = await acceptablePassword(await activeSecurity(op.tx), password, {
          userName: m.userName as string | null, email: m.email as string | null, phoneNumber: m.phoneNumber as string | null, nickName: m.nickName as string | null,
        });
        await op.tx.update(cmsMember).set({ password: hashed, updateBy: op.actor.userName, updateTime: new Date() }).where(eq(cmsMember.memberId, memberId));
        // A new password: every sign-in ends, and a lock of wrong guesses is lifted.
        await revokeMemberSessions(op.tx, memberId);
        await clearAttempts(op.tx, memberAttemptKey(memberId), MEMBER_ATTEMPTS);
      });
      return undefined;
    },
  }),
  ...mounted(memberLevelResource, routesOf(memberLevels)),
  defineRoute({
    method: 'GET', url: '/member/levelConfig/types', perm: memberLevelResource.perms.view, reply: typesReply,
    handler: (ctx) => [{ id: EXP_LEVEL_TYPE, name: ctx.services.i18n.translator(ctx.locale)('member.levelType.exp') }],
  }),
  ...mounted(memberExpResource, routesOf(memberExps)),
  defineRoute({
    method: 'GET', url: '/member/expConfig/types', perm: memberExpResource.perms.view, reply: typesReply,
    handler: (ctx) => {
      const t = ctx.services.i18n.translator(ctx.locale);
      return EXP_OPERATIONS.map((op) => ({ id: op, name: t(`member.operation.${op}`) }));
    },
  }),
];
