import { z } from 'zod';
import { MAIL_PATTERN } from './accounts.ts';
import { idField, intField, textField } from './fields.ts';

/**
 * The operator console's calls (/api/admin/*): the same wire as the shop (form csrf + json in,
 * envelope out), with their own session cookie. Domain consoles add their calls in
 * admin-<domain>.ts beside this file.
 */

/** Roles of operators: owner (everything, manages operators), staff, support. */
export const OPERATOR_ROLES = ['owner', 'staff', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * The three presets: what each role may do until the owner changes it on the operators screen
 * (decision 049). The server guards every call by one of these, read through the role's
 * effective permissions (admin module, role-permissions.service.ts); the console shows only what
 * the signed-in operator may do (GET /admin/me's `permissions`).
 */
export const ADMIN_PERMISSIONS = {
  'operators.manage': ['owner'],
  'audit.read': ['owner'],
  'maintenance.write': ['owner'],
  'maintenance.read': ['owner', 'staff', 'support'],
  'outbox.read': ['owner', 'support'],
  'members.read': ['owner', 'staff', 'support'],
  /** A support note on a member's page. */
  'members.note': ['owner', 'support'],
  /** Points or coins given (or taken) with a reason, within the role's limit per adjustment (decision 049). */
  'members.compensate': ['owner', 'support'],
  /** Suspending a member ends their sessions; reactivating too. */
  'members.suspend': ['owner', 'support'],
  /** Support corrects a member's birth date (the member cannot), audited (decision 037). */
  'members.birth_date': ['owner', 'support'],
  /** A family's request: a member's spending limits, time-out or self-exclusion, audited (decision 043). */
  'members.play_limits': ['owner', 'support'],
  /** Support unlinks a member's LINE account (lost account, mistaken link), audited (decision 062). */
  'members.line_unlink': ['owner', 'support'],
  /** The monthly point-purchase caps of minors (decision 037). */
  'minor_caps.write': ['owner'],
  'payments.read': ['owner', 'support'],
  /** Confirming, cancelling and recording payments. */
  'payments.write': ['owner'],
  /** Refunds to the member's card or account (decision 031). */
  'payments.refund': ['owner'],
  'catalog.write': ['owner', 'staff'],
  /** A member's parcels with carrier and tracking number, on the member's page. */
  'shipping.read': ['owner', 'staff', 'support'],
  'shipping.write': ['owner', 'staff'],
  'dashboard.read': ['owner', 'staff', 'support'],
  /** The qualified-invoice registration number the receipts show (decision 044). */
  'invoice.write': ['owner'],
  /** Every operator chooses the alerts they get by mail (decision 046). */
  'alerts.read': ['owner', 'staff', 'support'],
  /** The shop's webhook and alert thresholds. */
  'alerts.write': ['owner'],
  /** Sales, liability and the CSV files of members and payments (decision 047). */
  'reports.read': ['owner'],
  /** Members' inquiries: the inbox and threads (decision 052). */
  'inquiries.read': ['owner', 'staff', 'support'],
  /** Answering, assigning and closing inquiries, and switching the on-site form. */
  'inquiries.write': ['owner', 'support'],
  /** The login bonus and the free points' lifetime (decision 055). */
  'points.settings': ['owner'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type AdminPermission = keyof typeof ADMIN_PERMISSIONS;
export const ADMIN_PERMISSION_NAMES = Object.keys(ADMIN_PERMISSIONS) as AdminPermission[];

/** Whether a role's preset (not the owner's changes to it) includes a permission. */
export function presetAllows(role: OperatorRole, permission: AdminPermission): boolean {
  return (ADMIN_PERMISSIONS[permission] as readonly OperatorRole[]).includes(role);
}

/**
 * The roles the owner may change. The owner keeps every permission, unlimited, so no change can
 * lock the shop out; managing operators and roles stays the owner's (a role that may manage
 * operators could make itself owner).
 */
export const EDITABLE_ROLES = ['staff', 'support'] as const;
export type EditableRole = (typeof EDITABLE_ROLES)[number];
export const OWNER_ONLY_PERMISSIONS: readonly AdminPermission[] = ['operators.manage'];

/** The areas of the roles matrix, in the order the operators screen shows them. */
export const PERMISSION_AREAS: readonly { area: string; permissions: readonly AdminPermission[] }[] = [
  { area: 'dashboard', permissions: ['dashboard.read', 'reports.read', 'alerts.read'] },
  { area: 'catalog', permissions: ['catalog.write'] },
  { area: 'shipping', permissions: ['shipping.read', 'shipping.write'] },
  { area: 'members', permissions: ['members.read', 'members.note', 'members.compensate', 'members.suspend', 'members.birth_date', 'members.play_limits', 'members.line_unlink'] },
  { area: 'inquiries', permissions: ['inquiries.read', 'inquiries.write'] },
  { area: 'payments', permissions: ['payments.read', 'payments.write', 'payments.refund'] },
  { area: 'operators', permissions: ['operators.manage', 'audit.read'] },
  { area: 'settings', permissions: ['maintenance.read', 'maintenance.write', 'outbox.read', 'minor_caps.write', 'invoice.write', 'alerts.write', 'points.settings'] },
];

/** The largest adjustment of a role without its own setting: 1,000 points or 1,000 coins. */
export const DEFAULT_COMPENSATION_LIMIT = { points: 1000, coins: '1000' } as const;

/** A console session ends after this many minutes without a request. */
export const ADMIN_IDLE_MINUTES = 30;
/** Operator passwords: longer than members', any printable characters. */
export const OPERATOR_PASSWORD_MIN = 12;
export const OPERATOR_PASSWORD_MAX = 128;
export const TOTP_CODE_PATTERN = /^\d{6}$/;

const required = 'common.required';

const mailField = textField({ error: required })
  .trim()
  .toLowerCase()
  .min(1, required)
  .max(254, 'common.too_long')
  .refine((v) => v === '' || v.length > 254 || MAIL_PATTERN.test(v), 'admin.mail_format');

const passwordField = textField({ error: required }).min(1, required).max(OPERATOR_PASSWORD_MAX, 'common.too_long');

const newPasswordField = textField({ error: required })
  .min(1, required)
  .max(OPERATOR_PASSWORD_MAX, 'common.too_long')
  .refine((v) => v.length >= OPERATOR_PASSWORD_MIN, 'admin.password_short');

const codeField = textField({ error: required })
  .trim()
  .min(1, required)
  .refine((v) => TOTP_CODE_PATTERN.test(v), 'admin.code_format');

const roleField = z.enum(OPERATOR_ROLES, { error: 'admin.role_invalid' });

/** Where a signed-in operator stands in the login: each step must be passed before the next. */
export const LOGIN_STEPS = ['password', 'enrol', 'totp', 'done'] as const;
export type LoginStep = (typeof LOGIN_STEPS)[number];

export const operatorSchema = z.object({
  id: z.number().int(),
  mail: z.string(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
});
export type Operator = z.infer<typeof operatorSchema>;

/** POST /admin/login {mail, pass} → the next step of the login. */
export const adminLoginPayload = z.object({ mail: mailField, pass: passwordField });
export const adminStepResponse = z.object({ step: z.enum(LOGIN_STEPS) });

/** POST /admin/password {pass, new_pass}: the operator's own password (forced at first login). */
export const adminPasswordPayload = z
  .object({ pass: passwordField, new_pass: newPasswordField })
  .refine((v) => v.pass !== v.new_pass, { path: ['new_pass'], message: 'admin.password_same' });

/** GET /admin/totp/enrol: a new secret to scan (the QR code is a PNG data URL). */
export const adminEnrolResponse = z.object({ secret: z.string(), otpauth_url: z.string(), qr: z.string() });

/** POST /admin/totp/enrol {code} and POST /admin/totp {code}. */
export const adminCodePayload = z.object({ code: codeField });

const permissionField = z.enum(ADMIN_PERMISSION_NAMES as [AdminPermission, ...AdminPermission[]], { error: 'common.invalid' });

/** The largest adjustment per call: null for the owner (unlimited). Coins as a decimal string. */
export const compensationLimitSchema = z.object({ points: z.number().int().nullable(), coins: z.string().nullable() });
export type CompensationLimit = z.infer<typeof compensationLimitSchema>;

/** GET /admin/me: the signed-in operator, what they may do now, and their compensation limit. */
export const adminMeResponse = z.object({
  operator: operatorSchema,
  idle_minutes: z.number().int(),
  permissions: z.array(permissionField),
  compensation_limit: compensationLimitSchema,
});

// Operators (owners only)

export const operatorRowSchema = operatorSchema.extend({
  disabled: z.boolean(),
  totp: z.boolean(),
  must_change_password: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type OperatorRow = z.infer<typeof operatorRowSchema>;

export const operatorListResponse = z.object({ operators: z.array(operatorRowSchema) });

export const operatorCreatePayload = z.object({
  mail: mailField,
  name: textField({ error: required, printable: true }).trim().min(1, required).max(60, 'common.too_long'),
  role: roleField,
});
/** The one-time password is shown once; the new operator changes it and enrols TOTP at first login. */
export const operatorPasswordResponse = z.object({ operator: operatorRowSchema, one_time_password: z.string() });

export const operatorUpdatePayload = z.object({
  operator_id: idField(),
  role: roleField.optional(),
  disabled: z.boolean({ error: 'common.invalid' }).optional(),
});
export const operatorResponse = z.object({ operator: operatorRowSchema });

/** POST /admin/operators/reset {operator_id}: a new one-time password; TOTP must be enrolled again. */
export const operatorResetPayload = z.object({ operator_id: idField() });

// Roles (owners only, decision 049)

export const roleSettingsSchema = z.object({
  role: z.enum(EDITABLE_ROLES),
  permissions: z.array(permissionField),
  /** The preset, for the screen's "changed" marks and its reset. */
  preset: z.array(permissionField),
  compensation_points: z.number().int(),
  compensation_coins: z.string(),
  updated_at: z.string().nullable(),
});
export type RoleSettings = z.infer<typeof roleSettingsSchema>;
export const rolesResponse = z.object({ roles: z.array(roleSettingsSchema) });

/** POST /admin/roles/save: a role's whole set of permissions and its compensation limits. */
export const roleSavePayload = z.object({
  role: z.enum(EDITABLE_ROLES, { error: 'admin.role_invalid' }),
  permissions: z
    .array(permissionField, { error: 'common.invalid' })
    .max(ADMIN_PERMISSION_NAMES.length, 'common.invalid')
    .refine((v) => !v.some((p) => OWNER_ONLY_PERMISSIONS.includes(p)), 'admin.role_owner_only'),
  compensation_points: intField({ min: 0, max: 10_000_000, message: 'admin.limit_invalid' }),
  compensation_coins: textField({ error: required })
    .trim()
    .refine((v) => /^\d{1,8}(\.\d{1,2})?$/.test(v), 'admin.limit_invalid'),
});

// Audit log (owners only)

export const AUDIT_SORTS = ['created_at', 'actor', 'action', 'target', 'ip'] as const;
export const AUDIT_PAGE_SIZES = [20, 50, 100, 200] as const;

const optionalFilter = textField().trim().max(200, 'common.too_long').optional();
const dateFilter = textField()
  .trim()
  .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), 'admin.date_format')
  .optional();

/** GET /admin/audit?…: filters, sort and page of the audit log. */
export const auditQuery = z.object({
  page: intField({ min: 1, max: 1_000_000 }).default(1),
  per: intField({ min: 1, max: 200 }).default(50),
  sort: z.enum(AUDIT_SORTS, { error: 'common.invalid' }).default('created_at'),
  dir: z.enum(['asc', 'desc'], { error: 'common.invalid' }).default('desc'),
  actor: optionalFilter,
  action: optionalFilter,
  target: optionalFilter,
  /** Japan dates (YYYY-MM-DD), both inclusive. */
  from: dateFilter,
  to: dateFilter,
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor: z.string(),
  operator_id: z.number().int().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageResponse = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  per: z.number().int(),
});

// Maintenance and outbox

export const maintenanceResponse = z.object({ maintenance: z.boolean() });
export const maintenancePayload = z.object({ maintenance: z.boolean({ error: 'common.invalid' }) });

export const OUTBOX_CHANNELS = ['mail', 'sms'] as const;

export const outboxQuery = z.object({
  to: optionalFilter,
  limit: intField({ min: 1, max: 500 }).default(100),
});

export const outboxEntrySchema = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
  /** Transactional mails (decision 021): their kind ('' for SMS and reset links), delivery state, tries and last error. */
  kind: z.string(),
  state: z.enum(['kept', 'pending', 'sent', 'failed']),
  attempts: z.number().int(),
  last_error: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export const outboxResponse = z.object({ entries: z.array(outboxEntrySchema) });
