import type { OperatorRole } from '@oripa/contract/admin';
import {
  INQUIRY_STATUS,
  type AdminInquiry,
  type InquiryCategory,
  type InquiryMessage,
  type InquiryReplyStatus,
  type InquiryStatus,
  type InquirySummary,
} from '@oripa/contract/inquiries';
import { MAIL_KIND } from '@oripa/contract/mail-kinds';
import { pageInfo } from '@oripa/contract/wire';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { enqueueMail } from '../notifications/mail-outbox.ts';
import { inquiryFormEnabled } from '../settings/settings.service.ts';
import { takeHit } from '../throttle/throttle.service.ts';
import type { InquiryFile } from './inquiry-files.ts';
import * as repo from './inquiries.repo.ts';
import { rolePowers } from '../admin/operator-roles.service.ts';

/**
 * Members' inquiries and the console's inbox (issue 27 point 8, decision 052). A member sees
 * only their own inquiries and never an operator's internal note; every operator change is
 * audited in its own transaction, and an answer queues its mail in the same one.
 */

/** A member sends at most 10 inquiries or replies an hour (each may carry 6 MB of images). */
const MEMBER_RULE = { scope: 'inquiry-member', max: 10, windowMs: 60 * 60 * 1000 };
export const INBOX_PER_PAGE = 50;
const PURCHASE_CHOICES = 20;

const iso = (d: Date) => d.toISOString();

function summary(row: repo.InquiryRow): InquirySummary {
  return {
    id: row.id,
    category: row.category,
    subject: row.subject,
    status: row.status,
    purchase_id: row.purchaseId,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

function adminSummary(row: repo.InboxRow): AdminInquiry {
  return {
    ...summary(row),
    member_id: row.userId,
    member_name: row.memberName,
    member_mail: row.memberMail,
    assignee_id: row.assigneeId,
    assignee_name: row.assigneeName ?? '',
  };
}

function message(row: repo.MessageRow, forOperator: boolean): InquiryMessage {
  return {
    id: row.id,
    author: row.author,
    operator_name: forOperator ? (row.operatorName ?? '') : '',
    internal: row.internal,
    body: row.body,
    created_at: iso(row.createdAt),
    attachments: row.attachments.map((a) => ({ id: a.id, content_type: a.contentType, byte_size: a.byteSize })),
  };
}

async function countMemberWrite(db: Db, userId: number, now: Date): Promise<void> {
  if (!(await takeHit(db, MEMBER_RULE, String(userId), now))) throw AppError.field('body', 'inquiries.throttled');
}

// Members

export async function memberInquiryList(db: Db, userId: number) {
  const [enabled, rows, purchases] = [await inquiryFormEnabled(db), await repo.memberInquiries(db, userId), await repo.latestPurchases(db, userId, PURCHASE_CHOICES)];
  return {
    enabled,
    inquiries: rows.map(summary),
    purchases: purchases.map((p) => ({ id: p.id, pack_name: p.packName, created_at: iso(p.createdAt) })),
  };
}

/** The member's own inquiry; another member's is answered as missing. */
async function ownInquiry(db: DbOrTx, userId: number, id: number, lock: boolean): Promise<repo.InquiryRow> {
  const row = lock ? await repo.lockInquiry(db, id) : (await repo.memberInquiries(db, userId)).find((r) => r.id === id);
  if (!row || row.userId !== userId) throw AppError.field('id', 'inquiries.not_found');
  return row;
}

export async function memberThread(db: Db, userId: number, id: number) {
  const inquiry = await ownInquiry(db, userId, id, false);
  return { inquiry: summary(inquiry), messages: (await repo.threadMessages(db, id, false)).map((m) => message(m, false)) };
}

export interface NewInquiry {
  category: InquiryCategory;
  subject: string;
  body: string;
  purchaseId: number | null;
  files: InquiryFile[];
}

export async function createInquiry(db: Db, userId: number, input: NewInquiry, now = new Date()) {
  if (!(await inquiryFormEnabled(db))) throw AppError.field('body', 'inquiries.disabled');
  if (input.purchaseId !== null && !(await repo.isMemberPurchase(db, userId, input.purchaseId))) {
    throw AppError.field('purchase_id', 'inquiries.purchase_invalid');
  }
  await countMemberWrite(db, userId, now);
  const id = await db.transaction(async (tx) => {
    const inquiryId = await repo.insertInquiry(tx, { userId, category: input.category, subject: input.subject, purchaseId: input.purchaseId, now });
    const messageId = await repo.insertMessage(tx, { inquiryId, operatorId: null, internal: false, body: input.body, now });
    await repo.insertAttachments(tx, messageId, input.files);
    return inquiryId;
  });
  return memberThread(db, userId, id);
}

/** The member's reply reopens the inquiry (it waits for the shop again); a closed one takes none. */
export async function memberReply(db: Db, userId: number, input: { inquiryId: number; body: string; files: InquiryFile[] }, now = new Date()) {
  await ownInquiry(db, userId, input.inquiryId, false);
  await countMemberWrite(db, userId, now);
  await db.transaction(async (tx) => {
    const inquiry = await ownInquiry(tx, userId, input.inquiryId, true);
    if (inquiry.status === INQUIRY_STATUS.closed) throw AppError.field('body', 'inquiries.closed');
    const messageId = await repo.insertMessage(tx, { inquiryId: inquiry.id, operatorId: null, internal: false, body: input.body, now });
    await repo.insertAttachments(tx, messageId, input.files);
    await repo.changeInquiry(tx, inquiry.id, { status: INQUIRY_STATUS.open, now });
  });
  return memberThread(db, userId, input.inquiryId);
}

/** An attachment for the member who asked (not of an internal note), or for an operator (`userId` null). */
export async function attachmentFor(db: Db, attachmentId: number, userId: number | null): Promise<repo.AttachmentRow> {
  const row = await repo.attachmentOf(db, attachmentId);
  if (!row || (userId !== null && (row.userId !== userId || row.internal))) throw AppError.field('id', 'inquiries.not_found');
  return row;
}

// Operators

/** Operators who may answer (inquiries.write, as the owner has set their role), the inbox's assignees. */
async function answerers(db: Db) {
  const operators = await repo.assignableOperators(db);
  const roles = [...new Set(operators.map((o) => o.role as OperatorRole))];
  const powers = new Map(await Promise.all(roles.map(async (role) => [role, await rolePowers(db, role)] as const)));
  return operators.filter((o) => powers.get(o.role as OperatorRole)?.permissions.has('inquiries.write'));
}
const operatorChoices = async (db: Db) => (await answerers(db)).map(({ id, name }) => ({ id, name }));

export interface InboxQuery {
  status?: InquiryStatus | undefined;
  category?: InquiryCategory | undefined;
  assignee?: number | 'me' | 'none' | undefined;
  page: number;
}

export async function inbox(db: Db, operatorId: number, q: InboxQuery) {
  const assigneeId = q.assignee === 'me' ? operatorId : q.assignee === 'none' ? null : q.assignee;
  const { rows, total } = await repo.inboxPage(db, { status: q.status, category: q.category, assigneeId }, q.page, INBOX_PER_PAGE);
  return {
    inquiries: rows.map(adminSummary),
    pager: pageInfo(q.page, total, INBOX_PER_PAGE),
    total,
    operators: await operatorChoices(db),
    enabled: await inquiryFormEnabled(db),
  };
}

export async function operatorThread(db: Db, id: number) {
  const row = await repo.inboxInquiry(db, id);
  if (!row) throw AppError.field('id', 'inquiries.not_found');
  return {
    inquiry: adminSummary(row),
    messages: (await repo.threadMessages(db, id, true)).map((m) => message(m, true)),
    operators: await operatorChoices(db),
  };
}

async function lockedForOperator(tx: DbOrTx, id: number): Promise<repo.InquiryRow> {
  const row = await repo.lockInquiry(tx, id);
  if (!row) throw AppError.field('inquiry_id', 'inquiries.not_found');
  return row;
}

/**
 * An operator's answer or internal note. An answer is mailed to the member (in their language,
 * through the outbox, in the same transaction) and shows on their page; its status becomes
 * answered unless the operator asks back (waiting_member) or closes it. A note changes nothing else.
 */
export async function operatorReply(
  db: Db,
  actor: Actor & { operatorId: number },
  input: { inquiryId: number; body: string; internal: boolean; status?: InquiryReplyStatus | undefined },
  now = new Date(),
) {
  await db.transaction(async (tx) => {
    const inquiry = await lockedForOperator(tx, input.inquiryId);
    const messageId = await repo.insertMessage(tx, { inquiryId: inquiry.id, operatorId: actor.operatorId, internal: input.internal, body: input.body, now });
    const status = input.internal ? inquiry.status : (input.status ?? INQUIRY_STATUS.answered);
    await repo.changeInquiry(tx, inquiry.id, { status, now });
    if (!input.internal) {
      await enqueueMail(tx, { userId: inquiry.userId, kind: MAIL_KIND.inquiryReply, key: `inquiry-message:${messageId}`, data: { inquiryId: inquiry.id, subject: inquiry.subject, body: input.body } }, now);
    }
    await recordAudit(tx, actor, {
      action: input.internal ? 'inquiries.note' : 'inquiries.reply',
      target: `inquiry:${inquiry.id}`,
      before: { status: inquiry.status },
      after: { status, message_id: messageId },
    });
  });
  return operatorThread(db, input.inquiryId);
}

/** Status and assignee changes, audited with before and after. */
export async function updateInquiry(
  db: Db,
  actor: Actor,
  input: { inquiryId: number; status?: InquiryStatus | undefined; assigneeId?: number | null | undefined },
  now = new Date(),
) {
  if (input.assigneeId !== undefined && input.assigneeId !== null && !(await answerers(db)).some((o) => o.id === input.assigneeId)) {
    throw AppError.field('assignee_id', 'inquiries.assignee_invalid');
  }
  await db.transaction(async (tx) => {
    const inquiry = await lockedForOperator(tx, input.inquiryId);
    const before = { status: inquiry.status, assignee_id: inquiry.assigneeId };
    const after = { status: input.status ?? inquiry.status, assignee_id: input.assigneeId === undefined ? inquiry.assigneeId : input.assigneeId };
    if (before.status === after.status && before.assignee_id === after.assignee_id) return;
    await repo.changeInquiry(tx, inquiry.id, { status: input.status, assigneeId: input.assigneeId, now });
    await recordAudit(tx, actor, { action: 'inquiries.update', target: `inquiry:${inquiry.id}`, before, after });
  });
  return operatorThread(db, input.inquiryId);
}
