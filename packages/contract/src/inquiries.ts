import { z } from 'zod';
import { LONE_SURROGATE, idField, intField, textField } from './fields.ts';
import { pageInfoSchema } from './wire.ts';

/**
 * Members' inquiries (issue 27 point 8, decision 052): a member asks from the site, operators
 * answer from the console's inbox, by mail and on the member's page.
 */

/** The fixed categories, in the form's order. */
export const INQUIRY_CATEGORIES = ['shipping', 'points_payment', 'packs_cards', 'account', 'other'] as const;
export type InquiryCategory = (typeof INQUIRY_CATEGORIES)[number];

/** open: waits for the shop; waiting_member: the shop asked back; answered; closed. */
export const INQUIRY_STATUS = { open: 'open', waitingMember: 'waiting_member', answered: 'answered', closed: 'closed' } as const;
export const INQUIRY_STATUSES = [INQUIRY_STATUS.open, INQUIRY_STATUS.waitingMember, INQUIRY_STATUS.answered, INQUIRY_STATUS.closed] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
/** The statuses an operator's answer may leave the inquiry in (open is the member's to set, by writing). */
export const INQUIRY_REPLY_STATUSES = [INQUIRY_STATUS.answered, INQUIRY_STATUS.waitingMember, INQUIRY_STATUS.closed] as const;
export type InquiryReplyStatus = (typeof INQUIRY_REPLY_STATUSES)[number];

/** Attachments: images only (PNG, JPEG, WebP by their bytes), at most 3 a message, 2 MB each. */
export const INQUIRY_MAX_FILES = 3;
export const INQUIRY_MAX_FILE_BYTES = 2 * 1024 * 1024;
export const INQUIRY_FILE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const INQUIRY_SUBJECT_MAX = 100;
export const INQUIRY_BODY_MAX = 4000;

const required = 'common.required';
/** Control characters other than line feed and tab (a message has lines). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

/** A message's text: several lines (CRLF read as LF), no other control characters, 1-4000 characters. */
export const inquiryBodyField = z
  .string({ error: required })
  .max(INQUIRY_BODY_MAX, 'common.too_long')
  .transform((v) => v.replace(/\r\n?/g, '\n').trim())
  .refine((v) => v.length > 0, required)
  .refine((v) => !CONTROL_BUT_LINES.test(v), 'common.control_character')
  .refine((v) => !LONE_SURROGATE.test(v), 'common.broken_character');

const subjectField = textField({ error: required }).trim().min(1, required).max(INQUIRY_SUBJECT_MAX, 'common.too_long');
const categoryField = z.enum(INQUIRY_CATEGORIES, { error: 'inquiries.category_invalid' });
const statusField = z.enum(INQUIRY_STATUSES, { error: 'inquiries.status_invalid' });

/** POST /user/inquiries {category, subject, body, purchase_id?} with up to 3 images under `file`. */
export const inquiryCreatePayload = z.object({
  category: categoryField,
  subject: subjectField,
  body: inquiryBodyField,
  purchase_id: idField('inquiries.purchase_invalid').nullable().optional(),
});
export type InquiryCreatePayload = z.infer<typeof inquiryCreatePayload>;

/** POST /user/inquiries/reply {inquiry_id, body} with up to 3 images under `file`. */
export const inquiryReplyPayload = z.object({ inquiry_id: idField(), body: inquiryBodyField });

export const inquiryIdParams = z.object({ id: idField() });

export const inquiryAttachmentSchema = z.object({
  id: z.number().int(),
  content_type: z.string(),
  byte_size: z.number().int(),
});

/**
 * GET /user/inquiries/file/:id and /admin/inquiries/file/:id: one attachment as a data URL, only
 * to the member who asked and to operators (never a public /media address).
 */
export const inquiryFileResponse = z.object({ content_type: z.string(), data_url: z.string() });

export const inquiryMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(['member', 'operator']),
  /** The operator's name (console only; '' for the member's own view and for members' messages). */
  operator_name: z.string(),
  /** Operators' notes to each other: never sent to the member. */
  internal: z.boolean(),
  body: z.string(),
  created_at: z.string(),
  attachments: z.array(inquiryAttachmentSchema),
});
export type InquiryMessage = z.infer<typeof inquiryMessageSchema>;

export const inquirySummarySchema = z.object({
  id: z.number().int(),
  category: z.enum(INQUIRY_CATEGORIES),
  subject: z.string(),
  status: z.enum(INQUIRY_STATUSES),
  purchase_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InquirySummary = z.infer<typeof inquirySummarySchema>;

/** A purchase the member may name in a new inquiry (their latest). */
export const inquiryPurchaseSchema = z.object({ id: z.number().int(), pack_name: z.string(), created_at: z.string() });

/** GET /user/inquiries: whether the form is on, the member's inquiries (newest first) and latest purchases. */
export const inquiryListResponse = z.object({
  enabled: z.boolean(),
  inquiries: z.array(inquirySummarySchema),
  purchases: z.array(inquiryPurchaseSchema),
});
export type InquiryListResponse = z.infer<typeof inquiryListResponse>;

/** GET /user/inquiries/:id and the answers of the member's writes: one thread, without internal notes. */
export const inquiryThreadResponse = z.object({ inquiry: inquirySummarySchema, messages: z.array(inquiryMessageSchema) });
export type InquiryThreadResponse = z.infer<typeof inquiryThreadResponse>;

// The console's inbox

/** GET /admin/inquiries?status&assignee&category&page: the inbox, newest activity first, 50 a page. */
export const adminInquiryQuery = z.object({
  status: statusField.optional(),
  category: categoryField.optional(),
  /** An operator id, 'me' or 'none' (unassigned). */
  assignee: z.union([z.literal('none'), z.literal('me'), idField()], { error: 'common.invalid' }).optional(),
  page: intField({ min: 1, max: 1_000_000 }).default(1),
});
export type AdminInquiryQuery = z.infer<typeof adminInquiryQuery>;

export const adminInquirySchema = inquirySummarySchema.extend({
  member_id: z.number().int(),
  member_name: z.string(),
  member_mail: z.string(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string(),
});
export type AdminInquiry = z.infer<typeof adminInquirySchema>;

const operatorChoice = z.object({ id: z.number().int(), name: z.string() });

export const adminInquiryListResponse = z.object({
  inquiries: z.array(adminInquirySchema),
  pager: pageInfoSchema,
  total: z.number().int(),
  operators: z.array(operatorChoice),
  /** Whether the site's contact links lead to the on-site form. */
  enabled: z.boolean(),
});
export type AdminInquiryListResponse = z.infer<typeof adminInquiryListResponse>;

export const adminInquiryThreadResponse = z.object({
  inquiry: adminInquirySchema,
  messages: z.array(inquiryMessageSchema),
  operators: z.array(operatorChoice),
});
export type AdminInquiryThreadResponse = z.infer<typeof adminInquiryThreadResponse>;

/**
 * POST /admin/inquiries/reply {inquiry_id, body, internal}: an answer (mailed to the member and
 * shown on their page; the status becomes answered, or waiting_member when asked) or an internal note.
 */
export const adminInquiryReplyPayload = z.object({
  inquiry_id: idField(),
  body: inquiryBodyField,
  internal: z.boolean({ error: 'common.invalid' }),
  status: z.enum(INQUIRY_REPLY_STATUSES, { error: 'inquiries.status_invalid' }).optional(),
});

/** POST /admin/inquiries/update {inquiry_id, status?, assignee_id?}: null unassigns. */
export const adminInquiryUpdatePayload = z.object({
  inquiry_id: idField(),
  status: statusField.optional(),
  assignee_id: idField('inquiries.assignee_invalid').nullable().optional(),
});

/** POST /admin/inquiries/settings {enabled}: the site's contact links lead to the on-site form. */
export const adminInquirySettingsPayload = z.object({ enabled: z.boolean({ error: 'common.invalid' }) });
export const adminInquirySettingsResponse = z.object({ enabled: z.boolean() });
