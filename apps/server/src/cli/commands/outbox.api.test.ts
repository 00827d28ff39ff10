import { describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/notifications.ts';
import { OutboxMailProvider, SandboxSmsProvider } from '../../modules/notifications/outbox-providers.ts';
import { useOpsContext } from '../cli-testing.ts';
import { runCommand } from '../run-command.ts';

const ctx = useOpsContext();

describe('ops outbox', () => {
  it('says when the outbox is empty', async () => {
    const out = await runCommand(ctx, ['outbox']);
    expect(out).toMatchObject({ ok: true, message: 'The outbox is empty.', data: { entries: [] } });
  });

  it('shows the latest mails and SMS, newest first, filtered by recipient and limited', async () => {
    const mail = new OutboxMailProvider(ctx.database.db);
    const sms = new SandboxSmsProvider(ctx.database.db);
    await mail.send({ to: 'hanako@example.com', subject: 'First', text: 'line one\nline two' });
    await sms.send({ to: '09011112222', text: 'code 123456' });
    await mail.send({ to: 'taro@example.com', subject: 'Second', text: 'hello' });
    await mail.send({ to: 'hanako@example.com', subject: 'Third', text: 'again' });

    const all = await runCommand(ctx, ['outbox']);
    const subjects = (all.data.entries as { subject: string; channel: string }[]).map((e) => e.subject || e.channel);
    expect(subjects).toEqual(['Third', 'Second', 'sms', 'First']);
    expect(all.message).toMatch(/^#\d+ {2}\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} JST {2}MAIL to hanako@example\.com\n {2}Subject: Third\n {2}\| again/);
    // The SMS code is masked (decision 033).
    expect(all.message).toContain('SMS to 09011112222\n  | code ••••••');

    const hanako = await runCommand(ctx, ['outbox', '--to', 'HANAKO@example.com', '--limit', '1']);
    expect((hanako.data.entries as { subject: string }[]).map((e) => e.subject)).toEqual(['Third']);
    const phone = await runCommand(ctx, ['outbox', '--to', '09011112222']);
    expect(phone.data.entries).toHaveLength(1);
    expect((await runCommand(ctx, ['outbox', '--to', 'nobody@example.com'])).message).toBe('The outbox has nothing for nobody@example.com.');
  });

  it('refuses a bad --limit', async () => {
    for (const limit of ['0', '501', 'ten']) {
      const out = await runCommand(ctx, ['outbox', '--limit', limit]);
      expect(out.exitCode).toBe(2);
      expect(out.data.error).toContain('--limit must be a whole number from 1 to 500');
    }
  });

  it('the sweeper’s outbox job keeps 30 days', async () => {
    const { deleteOldOutbox } = await import('../../modules/notifications/notifications.service.ts');
    await ctx.database.db.insert(outbox).values({ channel: 'mail', recipient: 'old@example.com', body: 'old', createdAt: new Date(Date.now() - 31 * 86_400_000) });
    expect(await deleteOldOutbox(ctx.database.db, new Date())).toBe(1);
    expect((await runCommand(ctx, ['outbox', '--to', 'old@example.com'])).data.entries).toHaveLength(0);
  });
});
