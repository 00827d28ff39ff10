import type { InquiryCategory, InquiryStatus } from '@oripa/contract/inquiries';
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { operators } from '../../db/schema/admin.ts';
import { purchases } from '../../db/schema/gacha.ts';
import { inquiries, inquiryAttachments, inquiryMessages } from '../../db/schema/inquiries.ts';
import { users } from '../../db/schema/users.ts';

/** The statements of the inquiries module (the only writer of its three tables). */

/** Where an attachment's bytes are in the media blob store (media's StoredBlob, by shape). */
export interface AttachmentBlob {
  storage: 'db' | 's3';
  blobKey: string;
  byteSize: number;
  sha256: string;
}

export interface InquiryRow {
  id: number;
  userId: number;
  category: InquiryCategory;
  subject: string;
  status: InquiryStatus;
  assigneeId: number | null;
  purchaseId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** An inquiry with the names the console shows. */
export interface InboxRow extends InquiryRow {
  memberName: string;
  memberMail: string;
  assigneeName: string | null;
}

const inquiryColumns = {
  id: inquiries.id,
  userId: inquiries.userId,
  category: sql<InquiryCategory>`${inquiries.category}`,
  subject: inquiries.subject,
  status: sql<InquiryStatus>`${inquiries.status}`,
  assigneeId: inquiries.assigneeId,
  purchaseId: inquiries.purchaseId,
  createdAt: inquiries.createdAt,
  updatedAt: inquiries.updatedAt,
};

const inboxColumns = {
  ...inquiryColumns,
  memberName: sql<string>`trim(${users.lastName} || ' ' || ${users.firstName})`,
  memberMail: users.mail,
  assigneeName: operators.name,
};

export async function insertInquiry(
  tx: DbOrTx,
  values: { userId: number; category: InquiryCategory; subject: string; purchaseId: number | null; now: Date },
): Promise<number> {
  const [row] = await tx
    .insert(inquiries)
    .values({ userId: values.userId, category: values.category, subject: values.subject, purchaseId: values.purchaseId, createdAt: values.now, updatedAt: values.now })
    .returning({ id: inquiries.id });
  return row!.id;
}

export async function insertMessage(
  tx: DbOrTx,
  values: { inquiryId: number; operatorId: number | null; internal: boolean; body: string; now: Date },
): Promise<number> {
  const [row] = await tx
    .insert(inquiryMessages)
    .values({
      inquiryId: values.inquiryId,
      operatorId: values.operatorId,
      author: values.operatorId === null ? 'member' : 'operator',
      internal: values.internal,
      body: values.body,
      createdAt: values.now,
    })
    .returning({ id: inquiryMessages.id });
  return row!.id;
}

export async function insertAttachments(tx: DbOrTx, messageId: number, files: readonly { blob: AttachmentBlob; contentType: string }[]): Promise<void> {
  if (files.length === 0) return;
  await tx.insert(inquiryAttachments).values(
    files.map(({ blob, contentType }) => ({ messageId, contentType, storage: blob.storage, blobKey: blob.blobKey, byteSize: blob.byteSize, sha256: blob.sha256 })),
  );
}

/** The inquiry, its row locked until the transaction ends (one change at a time). */
export async function lockInquiry(tx: DbOrTx, id: number): Promise<InquiryRow | undefined> {
  const [row] = await tx.select(inquiryColumns).from(inquiries).where(eq(inquiries.id, id)).for('update');
  return row;
}

export async function changeInquiry(tx: DbOrTx, id: number, set: { status?: InquiryStatus; assigneeId?: number | null; now: Date }): Promise<void> {
  await tx
    .update(inquiries)
    .set({
      ...(set.status !== undefined ? { status: set.status } : {}),
      ...(set.assigneeId !== undefined ? { assigneeId: set.assigneeId } : {}),
      updatedAt: set.now,
    })
    .where(eq(inquiries.id, id));
}

export async function memberInquiries(db: DbOrTx, userId: number): Promise<InquiryRow[]> {
  return db.select(inquiryColumns).from(inquiries).where(eq(inquiries.userId, userId)).orderBy(desc(inquiries.id)).limit(200);
}

export async function inboxInquiry(db: DbOrTx, id: number): Promise<InboxRow | undefined> {
  const [row] = await db
    .select(inboxColumns)
    .from(inquiries)
    .innerJoin(users, eq(users.id, inquiries.userId))
    .leftJoin(operators, eq(operators.id, inquiries.assigneeId))
    .where(eq(inquiries.id, id));
  return row;
}

export interface InboxFilter {
  status?: InquiryStatus | undefined;
  category?: InquiryCategory | undefined;
  /** An operator's id, or null for unassigned. */
  assigneeId?: number | null | undefined;
}

/** A page of the inbox, latest activity first. */
export async function inboxPage(db: DbOrTx, filter: InboxFilter, page: number, per: number): Promise<{ rows: InboxRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(inquiries.status, filter.status));
  if (filter.category) conditions.push(eq(inquiries.category, filter.category));
  if (filter.assigneeId === null) conditions.push(isNull(inquiries.assigneeId));
  else if (filter.assigneeId !== undefined) conditions.push(eq(inquiries.assigneeId, filter.assigneeId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(inquiries).where(where);
  const rows = await db
    .select(inboxColumns)
    .from(inquiries)
    .innerJoin(users, eq(users.id, inquiries.userId))
    .leftJoin(operators, eq(operators.id, inquiries.assigneeId))
    .where(where)
    .orderBy(desc(inquiries.updatedAt), desc(inquiries.id))
    .limit(per)
    .offset((page - 1) * per);
  return { rows, total: totalRow?.n ?? 0 };
}

export interface MessageRow {
  id: number;
  author: 'member' | 'operator';
  operatorName: string | null;
  internal: boolean;
  body: string;
  createdAt: Date;
  attachments: { id: number; contentType: string; byteSize: number }[];
}

/** A thread's messages in order, with or without operators' internal notes. */
export async function threadMessages(db: DbOrTx, inquiryId: number, withInternal: boolean): Promise<MessageRow[]> {
  const messages = await db
    .select({
      id: inquiryMessages.id,
      author: sql<'member' | 'operator'>`${inquiryMessages.author}`,
      operatorName: operators.name,
      internal: inquiryMessages.internal,
      body: inquiryMessages.body,
      createdAt: inquiryMessages.createdAt,
    })
    .from(inquiryMessages)
    .leftJoin(operators, eq(operators.id, inquiryMessages.operatorId))
    .where(and(eq(inquiryMessages.inquiryId, inquiryId), withInternal ? undefined : eq(inquiryMessages.internal, false)))
    .orderBy(asc(inquiryMessages.id));
  const ids = messages.map((m) => m.id);
  const files = ids.length === 0
    ? []
    : await db
        .select({ id: inquiryAttachments.id, messageId: inquiryAttachments.messageId, contentType: inquiryAttachments.contentType, byteSize: inquiryAttachments.byteSize })
        .from(inquiryAttachments)
        .where(inArray(inquiryAttachments.messageId, ids))
        .orderBy(asc(inquiryAttachments.id));
  return messages.map((m) => ({
    ...m,
    attachments: files.filter((f) => f.messageId === m.id).map(({ id, contentType, byteSize }) => ({ id, contentType, byteSize })),
  }));
}

export interface AttachmentRow {
  userId: number;
  internal: boolean;
  contentType: string;
  blob: AttachmentBlob;
}

/** An attachment with the member it belongs to and where its bytes are. */
export async function attachmentOf(db: DbOrTx, id: number): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select({
      userId: inquiries.userId,
      internal: inquiryMessages.internal,
      contentType: inquiryAttachments.contentType,
      storage: inquiryAttachments.storage,
      blobKey: inquiryAttachments.blobKey,
      byteSize: inquiryAttachments.byteSize,
      sha256: inquiryAttachments.sha256,
    })
    .from(inquiryAttachments)
    .innerJoin(inquiryMessages, eq(inquiryMessages.id, inquiryAttachments.messageId))
    .innerJoin(inquiries, eq(inquiries.id, inquiryMessages.inquiryId))
    .where(eq(inquiryAttachments.id, id));
  if (!row) return undefined;
  const storage = row.storage === 's3' ? 's3' : 'db';
  return { userId: row.userId, internal: row.internal, contentType: row.contentType, blob: { storage, blobKey: row.blobKey, byteSize: row.byteSize, sha256: row.sha256 } };
}

/** Whether an attachment row holds the file under `blobKey` (an upload no inquiry took is not). */
export async function isAttachmentBlob(db: DbOrTx, blobKey: string): Promise<boolean> {
  const rows = await db.select({ id: inquiryAttachments.id }).from(inquiryAttachments).where(eq(inquiryAttachments.blobKey, blobKey)).limit(1);
  return rows.length > 0;
}

export async function isMemberPurchase(db: DbOrTx, userId: number, purchaseId: number): Promise<boolean> {
  const rows = await db.select({ id: purchases.id }).from(purchases).where(and(eq(purchases.id, purchaseId), eq(purchases.userId, userId))).limit(1);
  return rows.length > 0;
}

/** The member's latest purchases, for the form's choice. */
export async function latestPurchases(db: DbOrTx, userId: number, limit: number): Promise<{ id: number; packName: string; createdAt: Date }[]> {
  return db
    .select({ id: purchases.id, packName: purchases.packName, createdAt: purchases.createdAt })
    .from(purchases)
    .where(eq(purchases.userId, userId))
    .orderBy(desc(purchases.id))
    .limit(limit);
}

/** Operators who can be given an inquiry: not disabled. */
export async function assignableOperators(db: DbOrTx): Promise<{ id: number; name: string; role: string }[]> {
  return db.select({ id: operators.id, name: operators.name, role: operators.role }).from(operators).where(isNull(operators.disabledAt)).orderBy(asc(operators.id));
}
