import { MAIL_KIND } from '@oripa/contract/mail-kinds';
import { STATE } from '@oripa/contract/states';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { purchases } from '../../db/schema/gacha.ts';
import { outbox } from '../../db/schema/notifications.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { createTestPack } from '../../testing/test-pack.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';

/**
 * Members' inquiries end to end through the API (decision 052): a member sends one with an
 * image, the inbox shows it, support answers (mail queued, the member sees the answer but never
 * the internal note), changes are audited, and nobody else reads it.
 */

const t = useConsoleShop('owner', 'support', 'staff');

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(1024, 1)]);

/** Posts a multipart form as the inquiry form does: csrf, json and any number of files under `file`. */
function sendForm(client: TestClient, path: string, json: unknown, files: { bytes: Buffer; name: string; type?: string }[]) {
  const boundary = `----inq${Math.random().toString(36).slice(2)}`;
  const field = (name: string, value: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const parts: Buffer[] = [field('csrf', client.csrf), field('json', JSON.stringify(json))];
  for (const f of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'image/png'}\r\n\r\n`),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return client.postRaw(path, `multipart/form-data; boundary=${boundary}`, Buffer.concat(parts));
}

async function member(): Promise<{ id: number; client: TestClient }> {
  const id = await createTestMember(t.db());
  const client = t.shop.client();
  await signIn(t.db(), client, id);
  await client.get('/user/inquiries');
  return { id, client };
}

async function purchaseOf(userId: number, packId: number): Promise<number> {
  const [row] = await t
    .db()
    .insert(purchases)
    .values({ userId, packId, packName: 'テストパック', count: 1, paymentMethod: '1', unitPrice: 100, cost: 100, drawFrom: 1 })
    .returning({ id: purchases.id });
  return row!.id;
}

const storedBlobs = async () => (await queryRows<{ n: number }>(t.db(), sql`select count(distinct blob_key)::int as n from media_chunks`))[0]!.n;
const auditOf = (target: string) => queryRows<{ action: string; actor: string; before: unknown; after: unknown }>(t.db(), sql`select action, actor, before, after from audit_log where target = ${target} order by id`);

let packId: number;

beforeAll(async () => {
  packId = await createTestPack(t.db());
});

describe('the on-site form switch', () => {
  it('refuses inquiries while off and keeps the outside contact link; on, the link is /inquiry (audited)', async () => {
    const { client } = await member();
    expect((await client.get('/user/inquiries')).body.enabled).toBe(false);
    const off = await sendForm(client, '/user/inquiries', { category: 'other', subject: 'x', body: 'y' }, []);
    expect(off.body.state).toBe(STATE.conflict);
    expect((await client.get('/user/site_info')).body.links).toMatchObject({ contact: expect.not.stringMatching(/^\/inquiry$/) });

    expect((await t.staff.post('/admin/inquiries/settings', { enabled: true })).body.state).toBe(STATE.forbidden);
    expect((await t.owner.post('/admin/inquiries/settings', { enabled: true })).body).toMatchObject({ state: STATE.ok, enabled: true });
    expect((await client.get('/user/site_info')).body.links).toMatchObject({ contact: '/inquiry' });
    expect((await auditOf('settings:inquiry_form')).map((a) => a.action)).toEqual(['inquiries.form']);
  });
});

describe('a member asks and support answers', () => {
  it('takes an inquiry with images and a purchase of the member; the inbox shows it', async () => {
    const asker = await member();
    const purchaseId = await purchaseOf(asker.id, packId);
    const sent = await sendForm(
      asker.client,
      '/user/inquiries',
      { category: 'shipping', subject: 'カードが届きません', body: '1行目\r\n2行目', purchase_id: purchaseId },
      [{ bytes: PNG, name: 'photo.png' }, { bytes: JPEG, name: 'renamed.txt', type: 'text/plain' }],
    );
    expect(sent.body.state, JSON.stringify(sent.body.errors)).toBe(STATE.ok);
    const inquiry = sent.body.inquiry as { id: number; status: string; purchase_id: number };
    expect(inquiry).toMatchObject({ status: 'open', purchase_id: purchaseId });
    const [first] = sent.body.messages as { body: string; attachments: { id: number; content_type: string }[] }[];
    expect(first!.body).toBe('1行目\n2行目');
    expect(first!.attachments.map((a) => a.content_type)).toEqual(['image/png', 'image/jpeg']);

    // The member reads their image back; the bytes are the ones sent.
    const file = await asker.client.get(`/user/inquiries/file/${first!.attachments[0]!.id}`);
    expect(file.body.data_url).toBe(`data:image/png;base64,${PNG.toString('base64')}`);

    const list = await t.support.get('/admin/inquiries?status=open');
    expect(list.body.state).toBe(STATE.ok);
    const row = (list.body.inquiries as { id: number; member_id: number; subject: string }[]).find((r) => r.id === inquiry.id);
    expect(row).toMatchObject({ member_id: asker.id, subject: 'カードが届きません' });
    // Staff reads the inbox too, but may not answer.
    expect((await t.staff.get(`/admin/inquiries/${inquiry.id}`)).body.state).toBe(STATE.ok);
    expect((await t.staff.post('/admin/inquiries/reply', { inquiry_id: inquiry.id, body: 'x', internal: false })).body.state).toBe(STATE.forbidden);
    expect((await t.support.get(`/admin/inquiries/file/${first!.attachments[1]!.id}`)).body.content_type).toBe('image/jpeg');
  });

  it('mails the answer, shows it to the member without the internal note, and audits every change', async () => {
    const asker = await member();
    const sent = await sendForm(asker.client, '/user/inquiries', { category: 'account', subject: 'ログインできない', body: '助けてください' }, []);
    const id = (sent.body.inquiry as { id: number }).id;

    const note = await t.support.post('/admin/inquiries/reply', { inquiry_id: id, body: '社内メモ: 本人確認済み', internal: true });
    expect(note.body.state).toBe(STATE.ok);
    const answer = await t.support.post('/admin/inquiries/reply', { inquiry_id: id, body: 'パスワード再設定をお試しください。', internal: false });
    expect(answer.body.state).toBe(STATE.ok);
    expect((answer.body.inquiry as { status: string }).status).toBe('answered');
    expect((answer.body.messages as { internal: boolean }[]).map((m) => m.internal)).toEqual([false, true, false]);

    const mails = await t.db().select().from(outbox).where(and(eq(outbox.userId, asker.id), eq(outbox.kind, MAIL_KIND.inquiryReply)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toMatchObject({ inquiryId: id, body: 'パスワード再設定をお試しください。' });

    const thread = await asker.client.get(`/user/inquiries/${id}`);
    const bodies = (thread.body.messages as { body: string; author: string; operator_name: string }[]).map((m) => m.body);
    expect(bodies).toEqual(['助けてください', 'パスワード再設定をお試しください。']);
    expect(JSON.stringify(thread.body)).not.toContain('社内メモ');
    expect((thread.body.inquiry as { status: string }).status).toBe('answered');

    const supportId = (await t.support.get('/admin/me')).body.operator as { id: number };
    const assigned = await t.support.post('/admin/inquiries/update', { inquiry_id: id, assignee_id: supportId.id, status: 'closed' });
    expect(assigned.body.inquiry).toMatchObject({ assignee_id: supportId.id, status: 'closed' });
    expect((await t.support.post('/admin/inquiries/update', { inquiry_id: id, assignee_id: null })).body.state).toBe(STATE.ok);
    const audit = await auditOf(`inquiry:${id}`);
    expect(audit.map((a) => a.action)).toEqual(['inquiries.note', 'inquiries.reply', 'inquiries.update', 'inquiries.update']);
    expect(audit[2]).toMatchObject({ before: { status: 'answered', assignee_id: null }, after: { status: 'closed', assignee_id: supportId.id } });

    // Closed: the member's reply is refused, with a message.
    const late = await sendForm(asker.client, '/user/inquiries/reply', { inquiry_id: id, body: 'まだです' }, []);
    expect(late.body.state).toBe(STATE.conflict);
    expect(late.body.errors.body).toBeDefined();
    // Staff cannot be given inquiries (they cannot answer).
    const staffId = ((await t.staff.get('/admin/me')).body.operator as { id: number }).id;
    expect((await t.support.post('/admin/inquiries/update', { inquiry_id: id, assignee_id: staffId })).body.state).toBe(STATE.validation);
  });

  it("lets the member reply with an image, which reopens the inquiry; the inbox filters by status, category and assignee", async () => {
    const asker = await member();
    const sent = await sendForm(asker.client, '/user/inquiries', { category: 'packs_cards', subject: '排出について', body: '質問です' }, []);
    const id = (sent.body.inquiry as { id: number }).id;
    await t.support.post('/admin/inquiries/reply', { inquiry_id: id, body: '写真をお送りください', internal: false, status: 'waiting_member' });
    const reply = await sendForm(asker.client, '/user/inquiries/reply', { inquiry_id: id, body: '送ります' }, [{ bytes: PNG, name: 'a.png' }]);
    expect(reply.body.state, JSON.stringify(reply.body.errors)).toBe(STATE.ok);
    expect((reply.body.inquiry as { status: string }).status).toBe('open');

    const byCategory = await t.support.get('/admin/inquiries?category=packs_cards&assignee=none');
    expect((byCategory.body.inquiries as { id: number }[]).map((r) => r.id)).toContain(id);
    const mine = await t.support.get('/admin/inquiries?assignee=me');
    expect((mine.body.inquiries as { id: number }[]).map((r) => r.id)).not.toContain(id);
    expect((await t.support.get('/admin/inquiries?status=bogus')).body.state).toBe(STATE.validation);
  });
});

describe('refusals', () => {
  it('refuses a file that is not an image by its bytes, whatever its name, and keeps nothing', async () => {
    const asker = await member();
    const before = await storedBlobs();
    const res = await sendForm(asker.client, '/user/inquiries', { category: 'other', subject: 's', body: 'b' }, [
      { bytes: Buffer.from('#!/bin/sh\necho hi\n'.repeat(10)), name: 'photo.png', type: 'image/png' },
    ]);
    expect(res.body.state).toBe(STATE.validation);
    expect(res.body.errors.file).toEqual(['添付できるのは画像（PNG・JPEG・WebP）だけです。']);
    expect((await asker.client.get('/user/inquiries')).body.inquiries).toEqual([]);
    await expect.poll(storedBlobs).toBe(before);
  });

  it('refuses an image over 2 MB and a fourth image, in English for an English member', async () => {
    const asker = await member();
    asker.client.setLang('en');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024, 1)]);
    const large = await sendForm(asker.client, '/user/inquiries', { category: 'other', subject: 's', body: 'b' }, [{ bytes: big, name: 'big.png' }]);
    expect(large.body.state).toBe(STATE.validation);
    expect(large.body.errors.file).toEqual(['Each image may be at most 2 MB.']);
    const many = await sendForm(asker.client, '/user/inquiries', { category: 'other', subject: 's', body: 'b' }, [1, 2, 3, 4].map((n) => ({ bytes: PNG, name: `${n}.png` })));
    expect(many.body.state).toBe(STATE.validation);
    expect(many.body.errors.file).toEqual(['Attach at most 3 images.']);
    expect((await asker.client.get('/user/inquiries')).body.inquiries).toEqual([]);
  });

  it("refuses another member's purchase and bad fields, under their names", async () => {
    const asker = await member();
    const other = await createTestMember(t.db());
    const theirs = await purchaseOf(other, packId);
    const res = await sendForm(asker.client, '/user/inquiries', { category: 'shipping', subject: 's', body: 'b', purchase_id: theirs }, []);
    expect(res.body.state).toBe(STATE.validation);
    expect(res.body.errors.purchase_id).toEqual(['選んだご購入が見つかりません。ご自身のご購入から選んでください。']);
    const bad = await asker.client.post('/user/inquiries', { category: 'nope', subject: '', body: 'a\u0000b' });
    expect(bad.body.state).toBe(STATE.validation);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['body', 'category', 'subject']);
    expect((await asker.client.get('/user/inquiries')).body.inquiries).toEqual([]);
  });

  it("answers another member's inquiry and its images as missing (404), and visitors must log in", async () => {
    const asker = await member();
    const sent = await sendForm(asker.client, '/user/inquiries', { category: 'other', subject: '私の件', body: '本文' }, [{ bytes: PNG, name: 'a.png' }]);
    const id = (sent.body.inquiry as { id: number }).id;
    const fileId = (sent.body.messages as { attachments: { id: number }[] }[])[0]!.attachments[0]!.id;
    const intruder = await member();
    expect((await intruder.client.get(`/user/inquiries/${id}`)).body.state).toBe(STATE.notFound);
    expect((await intruder.client.get(`/user/inquiries/file/${fileId}`)).body.state).toBe(STATE.notFound);
    expect((await sendForm(intruder.client, '/user/inquiries/reply', { inquiry_id: id, body: '横から' }, [])).body.state).toBe(STATE.notFound);
    const visitor = t.shop.client();
    await visitor.get('/user/site_info');
    expect((await visitor.get(`/user/inquiries/${id}`)).body.state).toBe(STATE.loginRequired);
    expect((await sendForm(visitor, '/user/inquiries', { category: 'other', subject: 's', body: 'b' }, [{ bytes: PNG, name: 'a.png' }])).body.state).toBe(STATE.loginRequired);
  });

  it('throttles a member after 10 messages an hour', async () => {
    const asker = await member();
    const sent = await sendForm(asker.client, '/user/inquiries', { category: 'other', subject: 's', body: 'b' }, []);
    const id = (sent.body.inquiry as { id: number }).id;
    for (let i = 0; i < 9; i++) expect((await sendForm(asker.client, '/user/inquiries/reply', { inquiry_id: id, body: `r${i}` }, [])).body.state).toBe(STATE.ok);
    const over = await sendForm(asker.client, '/user/inquiries/reply', { inquiry_id: id, body: 'again' }, []);
    expect(over.body.state).toBe(STATE.throttled);
  });
});
