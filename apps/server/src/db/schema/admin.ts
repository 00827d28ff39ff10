import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Operators of the console: a table of their own, never members. A role decides what each may
 * do (contract admin.ts). The password is an argon2id hash as for members; the TOTP secret is
 * set once the operator has proved it with a code.
 */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    /** Lower case. */
    mail: text('mail').notNull(),
    name: text('name').notNull(),
    /** 'owner' | 'staff' | 'support' */
    role: text('role').notNull(),
    passHash: text('pass_hash').notNull(),
    /** Set for a one-time password: the next login must choose a new one first. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** Base32 TOTP secret, null until enrolled. */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('operators_mail_idx').on(t.mail)],
);

/**
 * Console sessions, keyed by the SHA-256 of the cookie token (a separate cookie from members').
 * `step` is how far the login got; only 'done' reaches the console. Each request moves
 * `expires_at` 30 minutes on (idle timeout), never past `ends_at` (an absolute cap).
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: text('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    /** 'password' | 'enrol' | 'totp' | 'done' */
    step: text('step').notNull(),
    /** A TOTP secret offered for enrolment, not yet proved. */
    pendingSecret: text('pending_secret'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId), index('operator_sessions_expires_idx').on(t.expiresAt)],
);

/** Failed console logins (password or TOTP), by address and by IP: the console's own throttle. */
export const operatorLoginFailures = pgTable(
  'operator_login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mail: text('mail').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operator_login_failures_mail_idx').on(t.mail, t.createdAt),
    index('operator_login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Every operator write: who, what, the state before and after, when and from where. Append-only
 * (a trigger refuses UPDATE and DELETE). `actor` keeps the operator's address at the time, so
 * the entry still reads right after the operator changes; commands from the command line are
 * 'cli'.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // Operators are disabled, never deleted: the log keeps pointing at them.
    operatorId: integer('operator_id').references(() => operators.id),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    /** What was changed, e.g. 'operator:3', 'member:12', 'maintenance'. */
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actor, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

/**
 * Suspended members: a row while suspended (deleted at reactivation; the audit log keeps the
 * history). A suspended member cannot log in, and their sessions end when the row is written,
 * so they can buy, exchange or decide nothing.
 */
export const memberSuspensions = pgTable('member_suspensions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  operatorId: integer('operator_id').references(() => operators.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Support notes on a member, newest last; operators read them on the member's page. */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id').references(() => operators.id),
    actor: text('actor').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_notes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The owner's changes to a role's preset (decision 049): permissions added and taken away (so a
 * permission added to the presets later reaches every role as its preset says), and the largest
 * adjustment one call of the role may make. No row: the preset and the default limits. The
 * owner has no row: it keeps everything.
 */
export const operatorRoles = pgTable(
  'operator_roles',
  {
    role: text('role').primaryKey(),
    granted: jsonb('granted').$type<string[]>().notNull().default([]),
    revoked: jsonb('revoked').$type<string[]>().notNull().default([]),
    compensationPoints: integer('compensation_points').notNull(),
    compensationCoins: numeric('compensation_coins', { precision: 14, scale: 2 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => operators.id),
  },
  (t) => [
    check('operator_roles_role', sql`${t.role} in ('staff','support')`),
    check('operator_roles_limits', sql`${t.compensationPoints} >= 0 and ${t.compensationCoins} >= 0`),
  ],
);
