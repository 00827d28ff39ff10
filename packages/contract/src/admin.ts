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
 * What each role may do. The server guards every call by one of these; the console shows only
 * what the role allows. Issue 13's dashboard and shipping queue have their entries already.
 */
export const ADMIN_PERMISSIONS = {
  'operators.manage': ['owner'],
  'audit.read': ['owner'],
  'maintenance.write': ['owner'],
  'maintenance.read': ['owner', 'staff', 'support'],
  'outbox.read': ['owner', 'support'],
  'members.read': ['owner', 'staff', 'support'],
  'members.write': ['owner'],
  /** Support corrects a member's birth date (the member cannot), audited (decision 037). */
  'members.birth_date': ['owner', 'support'],
  /** A family's request: a member's spending limits, time-out or self-exclusion, audited (decision 043). */
  'members.play_limits': ['owner', 'support'],
  /** The monthly point-purchase caps of minors (decision 037). */
  'minor_caps.write': ['owner'],
  'payments.read': ['owner', 'support'],
  'payments.write': ['owner'],
  'catalog.write': ['owner', 'staff'],
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
} as const satisfies Record<string, readonly OperatorRole[]>;
export type AdminPermission = keyof typeof ADMIN_PERMISSIONS;

export function roleAllows(role: OperatorRole, permission: AdminPermission): boolean {
  return (ADMIN_PERMISSIONS[permission] as readonly OperatorRole[]).includes(role);
}

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

/** GET /admin/me: the signed-in operator. */
export const adminMeResponse = z.object({ operator: operatorSchema, idle_minutes: z.number().int() });

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
