import nodemailer, { type SendMailOptions } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createNotifier } from './notifier.ts';
import { SmtpMailProvider } from './smtp-mail-provider.ts';

const noDb = {} as Db;

describe('createNotifier', () => {
  it('keeps mails in the outbox without SMTP_URL, and SMS with the sandbox', async () => {
    const notifier = createNotifier(testConfig(), noDb, () => undefined);
    expect(notifier.mail.name).toBe('outbox');
    expect(notifier.sms.name).toBe('sandbox');
    await notifier.close();
  });

  it('sends mails over SMTP when SMTP_URL is set', async () => {
    const notifier = createNotifier(testConfig({ SMTP_URL: 'smtp://user:pass@127.0.0.1:2525' }), noDb, () => undefined);
    expect(notifier.mail.name).toBe('smtp');
    await notifier.close();
  });
});

describe('SmtpMailProvider', () => {
  it('hands the message to nodemailer with the configured sender, and waits for it on close', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const sent: string[] = [];
    const original = transport.sendMail.bind(transport);
    transport.sendMail = (async (mail: SendMailOptions) => {
      const info = await original(mail);
      sent.push(String((info as unknown as { message: Buffer }).message));
      return info;
    }) as typeof transport.sendMail;
    const provider = new SmtpMailProvider(transport, 'Oripa <no-reply@oripa.example>', () => undefined);
    await provider.send({ to: 'hanako@example.com', subject: 'パスワード再発行', text: 'https://shop/password-reissue?token=abc' });
    await provider.close();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('From: Oripa <no-reply@oripa.example>');
    expect(sent[0]).toContain('To: hanako@example.com');
    expect(sent[0]).toMatch(/Subject: =\?UTF-8\?/);
  });

  it('logs a failed delivery without the body and does not throw to the caller', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true });
    transport.sendMail = (async () => {
      throw new Error('connection refused');
    }) as unknown as typeof transport.sendMail;
    const logged: { error: unknown; context: unknown }[] = [];
    const provider = new SmtpMailProvider(transport, 'a@b.c', (error, context) => logged.push({ error, context }));
    await provider.send({ to: 'x@example.com', subject: 'S', text: 'secret link' });
    await provider.close();
    expect(logged).toHaveLength(1);
    expect(logged[0]?.context).toEqual({ to: 'x@example.com', subject: 'S' });
    expect(JSON.stringify(logged[0]?.context)).not.toContain('secret link');
  });
});
