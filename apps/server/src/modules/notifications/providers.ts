/** A mail as the shop sends it: plain text, one recipient. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The member it concerns, when there is one (kept with outbox rows). */
  userId?: number;
}

/** An SMS: one phone number, plain text. */
export interface SmsMessage {
  to: string;
  text: string;
  userId?: number;
}

/**
 * Where mails go. `send` resolves once the message is accepted for delivery: stored in the
 * outbox, or handed to the SMTP transport (which delivers in the background, so a slow mail
 * server neither holds a request nor tells by its timing whether a mail was sent).
 */
export interface MailProvider {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
  /** Waits for mails still being delivered, then releases connections. */
  close(): Promise<void>;
}

/**
 * Where SMS go; `send` rejects when the message could not be sent (or, for a real provider, could
 * not be queued for sending: the job engine then sends it with retries, decision 031).
 */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
  /** Throws when the provider cannot be reached (for /readyz). */
  ping?(): Promise<void>;
}

export interface Notifier {
  mail: MailProvider;
  sms: SmsProvider;
  close(): Promise<void>;
}

declare module '../../http/context.ts' {
  interface AppContext {
    /** Mail and SMS providers (SMTP or the outbox; the sandbox SMS provider). */
    notifier: Notifier;
  }
}

/** Logs what went wrong in the background (never the message body: it may hold a link). */
export type DeliveryErrorLog = (error: unknown, context: { to: string; subject: string }) => void;
