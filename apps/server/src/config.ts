import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const sisterSitesSchema = z.array(
  // name_en: the English label; empty shows the Japanese name.
  z.object({ name: z.string().min(1), name_en: z.string().default(''), url: z.string().min(1), icon: z.string().min(1) }),
);

const DEFAULT_SISTER_SITES = [
  { name: 'ご利用ガイド', name_en: 'User guide', url: '/user-guide', icon: '/media/icon-guide.webp' },
  { name: 'ポイント購入', name_en: 'Buy points', url: '/buy-point', icon: '/media/icon-points.webp' },
  { name: 'コイン交換所', name_en: 'Coin exchange', url: '/exchange-card', icon: '/media/icon-exchange.webp' },
  { name: 'マイページ', name_en: 'My page', url: '/my-page', icon: '/media/icon-mypage.webp' },
];

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Every setting of the server, from the environment. Unset means the offline default. */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Interface to listen on. Loopback by default: a demo with sandbox payments is not reachable
   * from the network until HOST (e.g. 0.0.0.0) says so.
   */
  HOST: z.string().default('127.0.0.1'),
  /**
   * Port of the Prometheus metrics (GET /metrics, also /healthz and /readyz), on its own listener
   * so the shop's port never exposes them; unset serves no metrics.
   */
  METRICS_PORT: z
    .string()
    .optional()
    .transform((v) => (v ? Number(v) : undefined))
    .pipe(z.number().int().min(0).max(65535).optional()),
  /** Interface of the metrics listener: loopback unless the scraper runs on another machine. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** After SIGTERM, how long requests in flight may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Connections of the PostgreSQL pool (PGlite has one). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  DATA_DIR: z.string().default('./data'),
  /** Folder of the built web app; the server serves it with the SPA fallback when present. */
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  /** Seed the demo catalogue when the database has no packs. */
  SEED_DEMO: flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * How API answers become JSON: 'stringify' (JSON.stringify) or 'schema' (compiled from each
   * route's contract schema; fields the contract does not name are left out). Unset: 'schema' in
   * production (measured no slower with `npm run bench`, and nothing the contract does not name
   * can leave), 'stringify' elsewhere, where every answer is checked against its schema instead.
   */
  RESPONSE_SERIALIZER: z.enum(['stringify', 'schema']).optional(),
  TRUST_PROXY: flag,
  /**
   * Registration calls (/user/confirm and /user/append) one client IP may make an hour; 0 turns
   * the limit off. Behind a reverse proxy set TRUST_PROXY, or every member shares its IP.
   */
  REGISTRATIONS_PER_IP_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(20),
  /**
   * Address of the shop as members reach it, for links in mails (password reset). Never taken
   * from the request's Host header, which a client controls. Default http://localhost:PORT.
   */
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, '') : undefined))
    .pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** SMTP server for mails, e.g. smtps://user:pass@smtp.example.com:465; unset keeps mails in the outbox. */
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  /** Sender of the shop's mails. */
  MAIL_FROM: z.string().default('Oripa <no-reply@oripa.example>'),
  COMPANY_NAME: z.string().default('株式会社オリパ・デモ'),
  COMPANY_NAME_EN: z.string().default('Oripa Demo Co., Ltd.'),
  COMPANY_REPRESENTATIVE: z.string().default('代表取締役 山田 太郎'),
  COMPANY_ZIPCODE: z.string().default('150-0002'),
  COMPANY_ADDRESS: z.string().default('東京都渋谷区渋谷2-21-1 デモビル10階'),
  COMPANY_ADDRESS_EN: z
    .string()
    .default('Demo Building 10F, 2-21-1 Shibuya, Shibuya-ku, Tokyo 150-0002, Japan'),
  COMPANY_TEL: z.string().default('03-0000-0000'),
  COMPANY_MAIL: z.string().default('support@oripa.example'),
  SUPPORT_HOURS: z.string().default('平日 10:00〜17:00（土日祝日・年末年始を除く）'),
  SUPPORT_HOURS_EN: z
    .string()
    .default('Weekdays 10:00-17:00 JST (except weekends, public holidays and New Year)'),
  COURT: z.string().default('東京地方裁判所'),
  COURT_EN: z.string().default('Tokyo District Court'),
  ANTIQUE_LICENSE: z.string().default('東京都公安委員会 第000000000000号'),
  COMPANY_URL: z.string().default('/specific-commerce'),
  CONTACT_URL: z.string().default('mailto:support@oripa.example'),
  /** Payment methods offered on /confirm-buy-point, in order (spec payment ids). */
  PAYMENT_METHODS: z
    .string()
    .default('1,2,3,4,5,6,8,12,9')
    .transform((text, ctx) => {
      const ids = text
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '')
        .map(Number);
      const allowed = [1, 2, 3, 4, 5, 6, 8, 9, 12];
      if (ids.length > 0 && ids.every((id) => allowed.includes(id)) && new Set(ids).size === ids.length)
        return ids;
      ctx.addIssue({
        code: 'custom',
        message: `must list payment ids among ${allowed.join(',')}, e.g. 1,2,4`,
      });
      return z.NEVER;
    }),
  /**
   * Which provider adapter takes each payment id: 'PAYID:NAME' pairs, '*' for the rest, e.g.
   * '1:gmo,8:gmo,*:sandbox'. Names are those registered in modules/payments/providers.ts.
   */
  PAYMENT_PROVIDERS: z
    .string()
    .default('*:sandbox')
    .transform((text, ctx) => {
      const routes: Record<string, string> = {};
      for (const pair of text
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '')) {
        const match = /^(\*|\d+):([a-z][a-z0-9_-]*)$/.exec(pair);
        if (!match) {
          ctx.addIssue({ code: 'custom', message: `"${pair}" is not PAYID:NAME (e.g. 1:gmo or *:sandbox)` });
          return z.NEVER;
        }
        routes[match[1] as string] = match[2] as string;
      }
      routes['*'] ??= 'sandbox';
      return routes;
    }),
  /**
   * In production the built-in sandbox provider is refused (its approve buttons give points for
   * no money) unless this is set, e.g. for a public demo.
   */
  PAYMENT_ALLOW_SANDBOX: flag,
  /** Minutes a payment waiting for the member at the provider (3-D Secure, wallet, carrier) stays open. */
  PAYMENT_ACTION_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
  /** The shop's bank account for bank transfers (payment id 4). */
  PAYMENT_BANK_NAME: z.string().default('サンドボックス銀行 渋谷支店（店番号 001）'),
  PAYMENT_BANK_NUMBER: z.string().default('普通 1234567'),
  PAYMENT_BANK_HOLDER: z.string().default('カ）オリパデモ'),
  /** Icon link bar of the top page: JSON array of {name, name_en, url, icon} (name_en optional). */
  SISTER_SITES: z
    .string()
    .default(JSON.stringify(DEFAULT_SISTER_SITES))
    .transform((text, ctx) => {
      const parsed = sisterSitesSchema.safeParse(safeJson(text));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {name, name_en, url, icon}' });
      return z.NEVER;
    }),
  // --- SMS provider (issue 21, decision 031) ---
  /**
   * Where SMS go: 'sandbox' (the outbox, the default), 'twilio' or 'sns' (their credentials are
   * read by the adapter, modules/notifications/sms/; the server refuses to start without them).
   */
  SMS_PROVIDER: z.enum(['sandbox', 'twilio', 'sns']).default('sandbox'),
  // Media files (decision 034)
  /**
   * Where uploaded images and videos are stored: 'db' (chunks in the shop's database, PostgreSQL
   * or PGlite) or 's3' (an S3-compatible object store, MEDIA_S3_*). Files stored earlier stay
   * readable from where they were put.
   */
  MEDIA_STORE: z.enum(['db', 's3']).default('db'),
  /** Bucket of the object store (required with MEDIA_STORE=s3). */
  MEDIA_S3_BUCKET: z.string().optional().transform((v) => (v ? v : undefined)),
  MEDIA_S3_REGION: z.string().default('ap-northeast-1'),
  /** Endpoint of an S3-compatible store (MinIO, R2, …), e.g. http://127.0.0.1:9000; unset means AWS. */
  MEDIA_S3_ENDPOINT: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Path-style addresses (endpoint/bucket/key), which most S3-compatible stores need. */
  MEDIA_S3_FORCE_PATH_STYLE: flag,
  /** Keys of the store; unset uses the SDK's default chain (AWS_* variables, profile, instance role). */
  MEDIA_S3_ACCESS_KEY_ID: z.string().optional().transform((v) => (v ? v : undefined)),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().optional().transform((v) => (v ? v : undefined)),
  /** Prefix of every object key, so the bucket can hold other things. */
  MEDIA_S3_PREFIX: z.string().default('media/'),
  // --- Fairness: oripa-draw-v2 (docs/fairness/draw-v2.md, decision 027) ---
  /**
   * drand relays serving the public beacon, comma-separated base URLs (e.g.
   * https://api.drand.sh,https://drand.cloudflare.com). Unset: the shop's own local beacon,
   * which the trust panel calls not independent (refused in production without BEACON_ALLOW_LOCAL).
   */
  BEACON_RELAYS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((v) => v.trim().replace(/\/+$/, ''))
        .filter((v) => v !== ''),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ }))),
  /** The drand chain the relays serve; quicknet by default. */
  BEACON_CHAIN_HASH: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .default('52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971'),
  /** Production may run on the local beacon (a public demo): its lots say they are not independent. */
  BEACON_ALLOW_LOCAL: flag,
  /** The local beacon's BLS secret key (64 hex); unset: generated into DATA_DIR/beacon-local.key. */
  BEACON_LOCAL_KEY: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  /** Tests only: the local beacon signs a round as soon as it is asked, before its time. */
  BEACON_LOCAL_EAGER: flag,
  /** With no beacon round for this long past its time, new sales of a lot waiting for it pause. */
  BEACON_PAUSE_AFTER_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  /** A lot's commitment is published at least this long before its sale starts (default 24 h). */
  LOT_PUBLISH_LEAD_MS: z.coerce.number().int().min(0).max(90 * 86_400_000).default(86_400_000),
  /** A lot without an end date reveals its seed this long after its sale starts (default 180 days). */
  LOT_REVEAL_AFTER_MS: z.coerce.number().int().min(60_000).default(180 * 86_400_000),
  /** Key sealing lots' seeds at rest (64 hex); unset: generated into DATA_DIR/lot-seed.key. */
  LOT_SEED_KEY: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  /** The transparency log's Ed25519 private key (64 hex seed); unset: DATA_DIR/log-signing.key. */
  LOG_SIGNING_KEY: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  /** How often a signed tree head is published when the log grew. */
  LOG_HEAD_INTERVAL_MS: z.coerce.number().int().min(50).max(3_600_000).default(1000),
  /**
   * LINE Login (decision 057): the channel's id and secret from the LINE Developers console. Both
   * unset: no LINE button shows and the LINE routes answer as not found. The channel's callback
   * URL must be exactly PUBLIC_URL + /api/line/callback.
   */
  LINE_CHANNEL_ID: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().regex(/^\d{1,20}$/, 'digits, as the LINE Developers console shows it').optional()),
  LINE_CHANNEL_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().regex(/^[0-9A-Za-z]{8,128}$/, 'letters and digits, as the LINE Developers console shows it').optional()),
  /** LINE Login's issuer (its discovery document names the endpoints); tests point it at a local provider. */
  LINE_ISSUER: z.url({ protocol: /^https?$/ }).default('https://access.line.me'),
  /** Base of LINE's API (the friendship status API); tests point it at the local stand-in. */
  LINE_API_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://api.line.me')
    .transform((v) => v.replace(/\/+$/, '')),
  /**
   * bot_prompt of the authorization request: 'normal' or 'aggressive' offers the official
   * account as a friend on LINE's consent screen (the channel must be linked to it); '' offers nothing.
   */
  LINE_BOT_PROMPT: z.enum(['normal', 'aggressive', '']).default('normal'),
  /** Points a member gets once for linking LINE while a friend of the shop's official account; 0 turns it off. */
  LINE_FRIEND_BONUS_POINTS: z.coerce.number().int().min(0).max(100_000).default(0),
});

export type Config = z.infer<typeof configSchema>;

/** The shop's own origin for links in mails: PUBLIC_URL, else this machine on PORT. */
export function publicUrl(config: Config): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
}

/** Parses the environment; on bad values prints every problem at once and exits. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema
    .transform((c) => ({
      ...c,
      RESPONSE_SERIALIZER: c.RESPONSE_SERIALIZER ?? (c.NODE_ENV === 'production' ? 'schema' : 'stringify'),
    }))
    .superRefine((c, ctx) => {
      if (c.MEDIA_STORE === 's3' && !c.MEDIA_S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['MEDIA_S3_BUCKET'], message: 'is required when MEDIA_STORE=s3' });
      if (Boolean(c.LINE_CHANNEL_ID) !== Boolean(c.LINE_CHANNEL_SECRET))
        ctx.addIssue({ code: 'custom', path: ['LINE_CHANNEL_SECRET'], message: 'LINE_CHANNEL_ID and LINE_CHANNEL_SECRET are set together' });
    })
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Fairness: a production shop draws from a public beacon unless it says it is a demo.
  if (parsed.data.NODE_ENV === 'production' && parsed.data.BEACON_RELAYS.length === 0 && !parsed.data.BEACON_ALLOW_LOCAL)
    throw new Error('Invalid configuration:\n  BEACON_RELAYS: production needs a public beacon (or BEACON_ALLOW_LOCAL=1 for a demo)');
  if (parsed.data.NODE_ENV === 'production' && parsed.data.BEACON_LOCAL_EAGER)
    throw new Error('Invalid configuration:\n  BEACON_LOCAL_EAGER: tests only');
  return parsed.data;
}

const testKey = () => randomBytes(32).toString('hex');
const TEST_FAIRNESS = {
  LOT_SEED_KEY: testKey(),
  LOG_SIGNING_KEY: testKey(),
  BEACON_LOCAL_KEY: testKey(),
  BEACON_LOCAL_EAGER: '1',
  LOT_PUBLISH_LEAD_MS: '0',
  LOG_HEAD_INTERVAL_MS: '100',
};

/** Config for tests and tools: the defaults with some values replaced. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  // Tests register many members from one address; the registration throttle's own test lowers it.
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REGISTRATIONS_PER_IP_HOUR: '10000',
    // Fairness: keys of this test process (never DATA_DIR files), lots sellable at once, and a
    // local beacon that signs a round when asked so a purchase's cards follow without waiting.
    ...TEST_FAIRNESS,
    // A production shop under test: the local beacon, declared a demo, never signing early.
    ...(overrides.NODE_ENV === 'production' ? { BEACON_LOCAL_EAGER: '0', BEACON_ALLOW_LOCAL: '1' } : {}),
    ...overrides,
  });
}
