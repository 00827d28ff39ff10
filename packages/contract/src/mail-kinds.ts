/**
 * The shop's transactional mails (issue 13), zod-free so the member info page can list the
 * ones a member may turn off without loading the schema library.
 */
export const MAIL_KIND = {
  welcome: 'welcome',
  pointReceipt: 'point_receipt',
  paymentInstructions: 'payment_instructions',
  paymentReminder: 'payment_reminder',
  packSummary: 'pack_summary',
  decisionSummary: 'decision_summary',
  shippingNotice: 'shipping_notice',
  pointsExpiring: 'points_expiring',
  passwordChanged: 'password_changed',
  monthlyStatement: 'monthly_statement',
  /** To operators who chose the alert (decision 046); never to members. */
  operatorAlert: 'operator_alert',
  /** An operator's answer to a member's inquiry (decision 052); always sent. */
  inquiryReply: 'inquiry_reply',
} as const;
export type MailKind = (typeof MAIL_KIND)[keyof typeof MAIL_KIND];
export const MAIL_KINDS = Object.values(MAIL_KIND) as MailKind[];

/**
 * Mails a member may turn off: summaries, reminders and the monthly statement. Receipts (a legal record of the sale),
 * payment instructions, the shipping notice, the welcome and the password-changed warning
 * always go out.
 */
export const OPTIONAL_MAIL_KINDS = [
  MAIL_KIND.packSummary,
  MAIL_KIND.decisionSummary,
  MAIL_KIND.paymentReminder,
  MAIL_KIND.pointsExpiring,
  MAIL_KIND.monthlyStatement,
] as const satisfies readonly MailKind[];
export type OptionalMailKind = (typeof OPTIONAL_MAIL_KINDS)[number];

export function isOptionalMailKind(kind: string): kind is OptionalMailKind {
  return (OPTIONAL_MAIL_KINDS as readonly string[]).includes(kind);
}
