// The whole schema as one object, as Drizzle's query builder and drizzle-kit want it.
export * from './settings.ts';
export * from './catalog.ts';
export * from './users.ts';
export * from './sessions.ts';
export * from './wallet.ts';
export * from './accounts.ts';
export * from './notifications.ts';
export * from './gacha.ts';
export * from './payments.ts';
export * from './exchange.ts';
export * from './throttle.ts';
export * from './admin.ts';
export * from './payment-events.ts';
export * from './shipping.ts';
export * from './payment-refunds.ts';
export * from './sms-deliveries.ts';
export * from './transparency.ts';
