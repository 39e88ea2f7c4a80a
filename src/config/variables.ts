import { parseRetrySchedule, defaultRetrySchedule } from '@/webhooks/retryPolicy'
import { parseAllowedRanges } from '@/webhooks/addressPolicy'
import { corsOrigins, portalFrameAncestors } from '@/http/corsOrigins'
import { configuredRecipients } from '@/contact/notification'
import { parsePolicy, defaultPolicies } from '@/http/rateLimitPolicy'
import { parseContentLocales } from '@/text/locales'
import {
  custom,
  decimal,
  flag,
  httpAddress,
  onOff,
  oneOf,
  text,
  token,
  wholeNumber,
  type Reader,
} from './readers'

/** `DATABASE_REPLICA_URLS`: each entry a postgres:// or postgresql:// address. */
function replicaUrls(raw: string): string[] {
  const urls = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  for (const url of urls) {
    if (!/^postgres(ql)?:\/\/\S+$/.test(url)) {
      throw new Error(
        `is not a list of postgres:// addresses ("${url.replace(/:[^:@/]*@/, ':***@')}")`,
      )
    }
  }
  return urls
}

/** The sections of the configuration reference, in the order it lists them. */
export const groups = [
  'Server',
  'Database',
  'Identity',
  'Rate limits',
  'E-mail',
  'Contact form',
  'Content and media',
  'Webhooks',
  'Checkout',
  'Stripe and the payment sandbox',
  'Health and metrics',
  'Processes',
  'Demo data',
] as const

export type Group = (typeof groups)[number]

/** One environment variable: how it is read, its default and what it is for. */
export type Variable<T> = {
  /** The section of the reference it is listed in. */
  group: Group
  /** One line for the reference (Markdown). */
  description: string
  /** How its text becomes a value. */
  reader: Reader<T>
  /** The value when the variable is unset or empty (text, read like a set value), if any. */
  fallback?: string
  /** What the reference says about an unset variable without a `fallback`. */
  unset?: string
  /** Listed in the README's short table: what a first deployment sets. */
  isEssential?: boolean
  /** Read by the scripts (`npm run dev`, `npm start`, seed, worker) before the app exists. */
  isScriptOnly?: boolean
}

/** A variable with a default: always has a value. */
function setting<T>(spec: Variable<T> & { fallback: string }): Variable<T> {
  return spec
}

/** A variable without a default: `undefined` when unset or empty. */
function optional<T>(spec: Omit<Variable<T>, 'fallback'>): Variable<T | undefined> {
  return spec as Variable<T | undefined>
}

const seconds = (bounds: { min?: number; max?: number; above?: number }) =>
  decimal(bounds, 'number of seconds')

const rateLimit = (name: keyof typeof defaultPolicies, description: string) => {
  const { points, windowSeconds } = defaultPolicies[name]
  return setting({
    group: 'Rate limits',
    description,
    reader: custom('`<requests>/<seconds>`', (raw) => parsePolicy(name, raw)),
    fallback: `${points}/${windowSeconds}`,
  })
}

/**
 * Every environment variable the application reads, declared once: the configuration is read
 * from these (`loadConfig`), and `docs/configuration.md` and the README's table are generated
 * from them (`npm run docs:config`).
 */
export const variables = {
  // Server
  SERVER_URL: optional({
    group: 'Server',
    description:
      'Public address of the app: links in e-mails, absolute URLs and the OpenAPI `servers` entry.',
    reader: httpAddress,
    unset: 'links are relative; the OpenAPI document uses the request\u2019s host',
    isEssential: true,
  }),
  PORT: setting({
    group: 'Server',
    description: 'Port the app listens on.',
    reader: wholeNumber({ min: 1, max: 65_535 }),
    fallback: '3000',
  }),
  CORS_ORIGINS: setting({
    group: 'Server',
    description:
      'Origins allowed to call the API from a browser: `*`, or a comma-separated list of `scheme://host[:port]`.',
    reader: custom('`*` or comma-separated origins', corsOrigins),
    fallback: '*',
  }),
  TRUSTED_PROXY_HOPS: setting({
    group: 'Server',
    description:
      'Reverse proxies in front of the app whose `X-Forwarded-For` entries are trusted for the client address.',
    reader: wholeNumber({ min: 0, max: 10 }),
    fallback: '0',
  }),
  MAX_BODY_BYTES: setting({
    group: 'Server',
    description: 'Largest request body a custom endpoint reads; a larger one gets 413.',
    reader: wholeNumber({ min: 1024 }),
    fallback: String(1024 * 1024),
  }),
  LOG_LEVEL: setting({
    group: 'Server',
    description: 'Least level logged; JSON lines under `npm start`, text under `npm run dev`.',
    reader: oneOf(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']),
    fallback: 'info',
  }),

  // Database
  DATABASE_URL: optional({
    group: 'Database',
    description: 'PostgreSQL connection string.',
    reader: text,
    unset:
      '`npm run dev` and `npm start` run an embedded PostgreSQL in `.data/postgres` (databases `app_dev` and `app`)',
    isEssential: true,
  }),
  DATABASE_REPLICA_URLS: optional({
    group: 'Database',
    description:
      'Comma-separated connection strings of read replicas of `DATABASE_URL` (streaming replicas). Public reads outside a transaction may go to one; writes, transactions and the reads that must see the latest state go to the primary.',
    reader: custom('comma-separated PostgreSQL connection strings', replicaUrls),
    unset: 'every query goes to `DATABASE_URL`',
  }),
  EMBEDDED_POSTGRES_PORT: setting({
    group: 'Database',
    description: 'Port of the embedded PostgreSQL when `DATABASE_URL` is unset.',
    reader: wholeNumber({ min: 1, max: 65_535 }),
    fallback: '54329',
    isScriptOnly: true,
  }),
  PAYLOAD_DB_PUSH: setting({
    group: 'Database',
    description:
      '`false`: never push the schema from the collections (production applies migrations; tests use a prepared schema).',
    reader: flag,
    fallback: 'true',
  }),

  // Identity
  PAYLOAD_SECRET: optional({
    group: 'Identity',
    description:
      'Signs login tokens and keys the API-key index. Required in production on your own database.',
    reader: text,
    unset: 'locally, one is generated once and kept in `.data/payload-secret`',
    isEssential: true,
  }),
  API_KEY: optional({
    group: 'Identity',
    description:
      'A static API key: requests with `X-API-Key: <this>` authenticate as the consumer "Configured API key" (compared in constant time).',
    reader: text,
    unset: 'no static key',
  }),
  API_KEY_CONTACT_EMAIL: setting({
    group: 'Identity',
    description: 'Contact address of the "Configured API key" consumer.',
    reader: text,
    fallback: 'api-key@example.com',
  }),

  // Rate limits
  RATE_LIMIT_DEFAULT: rateLimit('default', 'Requests per consumer, user or client address.'),
  RATE_LIMIT_CONTACT: rateLimit('contact', 'Contact-form submissions per client address.'),
  RATE_LIMIT_CREDENTIALS: rateLimit(
    'credentials',
    'Calls of the credential routes (login, forgot and reset password) and invalid credentials, per address.',
  ),
  RATE_LIMIT_LOGIN_ACCOUNT: rateLimit(
    'login_account',
    'Logins to one account from one address since its last success there.',
  ),
  RATE_LIMIT_BAD_SIGNATURES: rateLimit(
    'bad_signatures',
    'Calls of Stripe\u2019s webhook whose signature fails, per address; signed calls are never limited.',
  ),
  REDIS_URL: optional({
    group: 'Rate limits',
    description: 'Keep rate-limit counters in Redis instead of PostgreSQL.',
    reader: text,
    unset: 'counters live in PostgreSQL',
  }),

  // E-mail
  SMTP_HOST: optional({
    group: 'E-mail',
    description: 'SMTP server for outgoing e-mail.',
    reader: text,
    unset: 'messages are written to the log instead of sent',
    isEssential: true,
  }),
  SMTP_PORT: setting({
    group: 'E-mail',
    description: 'Port of the SMTP server.',
    reader: wholeNumber({ min: 1, max: 65_535 }),
    fallback: '587',
  }),
  SMTP_SECURE: setting({
    group: 'E-mail',
    description: '`true`: TLS from the start (port 465); `false`: STARTTLS when offered.',
    reader: flag,
    fallback: 'false',
  }),
  SMTP_USER: optional({
    group: 'E-mail',
    description: 'SMTP user name.',
    reader: text,
    unset: 'no authentication',
  }),
  SMTP_PASSWORD: optional({
    group: 'E-mail',
    description: 'SMTP password (with `SMTP_USER`).',
    reader: text,
  }),
  SMTP_TIMEOUT_SECONDS: setting({
    group: 'E-mail',
    description:
      'Longest wait to connect to the mail server, for its greeting, and for any answer.',
    reader: seconds({ min: 1, max: 300 }),
    fallback: '15',
  }),
  EMAIL_FROM: setting({
    group: 'E-mail',
    description: 'Sender address of outgoing e-mail.',
    reader: text,
    fallback: 'no-reply@localhost',
  }),
  EMAIL_FROM_NAME: setting({
    group: 'E-mail',
    description: 'Sender name of outgoing e-mail.',
    reader: text,
    fallback: 'Content & Shop',
  }),

  // Contact form
  ADMIN_NOTIFY_EMAILS: optional({
    group: 'Contact form',
    description: 'Who is e-mailed about contact-form inquiries (comma-separated).',
    reader: custom('comma-separated addresses', configuredRecipients),
    unset: 'every admin user',
  }),
  INQUIRY_NOTIFY_INTERVAL_SECONDS: setting({
    group: 'Contact form',
    description: 'Seconds between looks for inquiry e-mails to send again.',
    reader: seconds({ above: 0, max: 86_400 }),
    fallback: '30',
  }),
  INQUIRY_NOTIFY_RETRY_SECONDS: setting({
    group: 'Contact form',
    description: 'First pause after a failed inquiry e-mail; it doubles after each failure.',
    reader: seconds({ min: 0, max: 86_400 }),
    fallback: '60',
  }),
  INQUIRY_NOTIFIER: setting({
    group: 'Contact form',
    description: '`off`: this process does not send inquiry e-mails again (another instance does).',
    reader: onOff,
    fallback: 'on',
  }),

  // Content and media
  MEDIA_DIRECTORY: setting({
    group: 'Content and media',
    description:
      'Directory the uploaded images and their generated sizes are stored in (relative to the working directory, or absolute). Back it up with the database.',
    reader: text,
    fallback: '.data/media',
  }),
  S3_BUCKET: optional({
    group: 'Content and media',
    description:
      'Store the images and every size in this S3 (or S3-compatible) bucket instead of `MEDIA_DIRECTORY`: what several app servers need. The app still serves them at `/api/media/file/...`.',
    reader: token,
    unset: 'files are stored in `MEDIA_DIRECTORY`',
  }),
  S3_REGION: setting({
    group: 'Content and media',
    description: 'Region of `S3_BUCKET`.',
    reader: token,
    fallback: 'us-east-1',
  }),
  S3_ENDPOINT: optional({
    group: 'Content and media',
    description:
      'Address of an S3-compatible service (MinIO, Ceph, R2, a loopback s3rver) instead of AWS.',
    reader: httpAddress,
    unset: "AWS's own endpoint for `S3_REGION`",
  }),
  S3_ACCESS_KEY_ID: optional({
    group: 'Content and media',
    description: 'Access key for `S3_BUCKET` (with `S3_SECRET_ACCESS_KEY`).',
    reader: token,
    unset: "the AWS SDK's own chain (its environment variables, a profile, an instance role)",
  }),
  S3_SECRET_ACCESS_KEY: optional({
    group: 'Content and media',
    description: 'Secret of `S3_ACCESS_KEY_ID`.',
    reader: token,
    unset: "the AWS SDK's own chain",
  }),
  S3_FORCE_PATH_STYLE: setting({
    group: 'Content and media',
    description:
      '`true`: address the bucket as `<endpoint>/<bucket>/<key>` (most S3-compatible services need it) rather than `<bucket>.<endpoint>/<key>`.',
    reader: flag,
    fallback: 'false',
  }),
  MEDIA_MAX_MEGABYTES: setting({
    group: 'Content and media',
    description:
      'Largest image an editor may upload, in megabytes; a larger one is refused with 413.',
    reader: decimal({ above: 0, max: 100 }, 'number of megabytes'),
    fallback: '10',
  }),
  JOBS_POLL_SECONDS: setting({
    group: 'Content and media',
    description:
      'Seconds between two looks at Payload\u2019s jobs queue (scheduled publications): a publication set for 9:00 happens by 9:00 plus this.',
    reader: seconds({ min: 0.2, max: 3600 }),
    fallback: '5',
  }),
  JOBS: setting({
    group: 'Content and media',
    description:
      '`off`: this app server does not run the jobs queue (`npm run worker` or another instance does).',
    reader: onOff,
    fallback: 'on',
  }),
  CONTENT_LOCALES: setting({
    group: 'Content and media',
    description:
      'The languages editors write in, comma-separated locale codes (`en`, `ru`, `pt-BR`); the first is the default locale: the API answers in it when asked for none, and fills a field without text in another locale from it. The database knows the locales: a changed list needs a migration (`npm run migrate:create`), as in docs/content.md.',
    reader: custom('comma-separated locale codes, the default first', parseContentLocales),
    fallback: 'en,ru',
  }),
  PREVIEW_URL: optional({
    group: 'Content and media',
    description:
      'Storefront address the admin panel\u2019s Preview button opens, with `{id}`, `{slug}`, `{token}` and `{locale}` (the locale being edited) filled in (for example `https://shop.example/preview?article={id}&token={token}&locale={locale}`).',
    reader: custom(
      'an http(s) address, with `{id}`, `{slug}` and `{token}` where they go',
      (raw) => {
        if (!/^https?:\/\/\S+$/.test(raw)) throw new Error('must be an http(s) address')
        return raw
      },
    ),
    unset:
      'Preview opens this app\u2019s own draft reader, `/api/v1/articles/{id}?preview_token={token}`',
  }),
  PREVIEW_TOKEN_MINUTES: setting({
    group: 'Content and media',
    description: 'How long a preview link is valid, in minutes.',
    reader: wholeNumber({ min: 1, max: 10_080 }),
    fallback: '60',
  }),

  // Webhooks
  WEBHOOK_WORKER: setting({
    group: 'Webhooks',
    description:
      '`off`: no webhook worker inside the app server (then run `npm run worker` processes).',
    reader: onOff,
    fallback: 'on',
  }),
  WEBHOOK_CONCURRENCY: setting({
    group: 'Webhooks',
    description: 'Sends in flight at once in one worker, across all endpoints.',
    reader: decimal({ above: 0 }),
    fallback: '50',
  }),
  WEBHOOK_ENDPOINT_CONCURRENCY: setting({
    group: 'Webhooks',
    description: 'Sends in flight at once to one subscription\u2019s endpoint, across all workers.',
    reader: decimal({ above: 0 }),
    fallback: '10',
  }),
  WEBHOOK_LEASE_SECONDS: setting({
    group: 'Webhooks',
    description:
      'How long a worker\u2019s claim lasts; a crashed worker\u2019s deliveries are retried after it. At least 35 (the longest send, 30 s, plus a margin).',
    reader: decimal({ above: 0 }),
    fallback: '60',
  }),
  WEBHOOK_POLL_MS: setting({
    group: 'Webhooks',
    description:
      'Fallback poll in milliseconds (LISTEN/NOTIFY wakes workers at once); also picks up due retries.',
    reader: decimal({ above: 0 }),
    fallback: '1000',
  }),
  WEBHOOK_RETRY_SCHEDULE: setting({
    group: 'Webhooks',
    description:
      'Delay before each attempt of one delivery (`ms`, `s`, `m`, `h`, `d`); dead after the last.',
    reader: custom('comma-separated durations', parseRetrySchedule),
    fallback: defaultRetrySchedule,
  }),
  WEBHOOK_BACKOFF_BASE_SECONDS: setting({
    group: 'Webhooks',
    description:
      'First pause of a failing endpoint before its next probe; it doubles up to the longest.',
    reader: decimal({ above: 0 }),
    fallback: '5',
  }),
  WEBHOOK_BACKOFF_MAX_SECONDS: setting({
    group: 'Webhooks',
    description: 'Longest pause between two probes of a failing endpoint (not below the first).',
    reader: decimal({ above: 0 }),
    fallback: '3600',
  }),
  PORTAL_LINK_MINUTES: setting({
    group: 'Webhooks',
    description:
      'Minutes a portal link (`POST /webhooks/portal-sessions`) stays valid when the request names no `expires_in_minutes`.',
    reader: wholeNumber({ min: 1, max: 1440 }),
    fallback: '15',
  }),
  PORTAL_SESSION_IDLE_MINUTES: setting({
    group: 'Webhooks',
    description: 'A portal session ends after this many minutes without a request.',
    reader: wholeNumber({ min: 1, max: 1440 }),
    fallback: '30',
  }),
  PORTAL_SESSION_HOURS: setting({
    group: 'Webhooks',
    description: 'A portal session ends this many hours after its link was opened, however busy.',
    reader: wholeNumber({ min: 1, max: 168 }),
    fallback: '12',
  }),
  PORTAL_FRAME_ANCESTORS: optional({
    group: 'Webhooks',
    description:
      'Origins whose pages may embed the portal in a frame (comma-separated `scheme://host[:port]`); the session cookie is then `SameSite=None; Secure; Partitioned`.',
    reader: custom('comma-separated origins', portalFrameAncestors),
    unset: 'no page may frame the portal',
  }),
  WEBHOOK_RETENTION_DAYS: setting({
    group: 'Webhooks',
    description: 'Days events (for recover) and delivery logs are kept.',
    reader: decimal({ above: 0 }),
    fallback: '30',
  }),
  WEBHOOK_ATTEMPT_LOG: setting({
    group: 'Webhooks',
    description:
      '`off`: attempts are not kept one by one (`GET /webhooks/deliveries/{id}/attempts` lists none; the delivery log keeps the last attempt). For measuring what the log costs, or to save space.',
    reader: onOff,
    fallback: 'on',
  }),
  WEBHOOK_CLEANUP_INTERVAL_SECONDS: setting({
    group: 'Webhooks',
    description: 'How often events and deliveries past the retention are deleted.',
    reader: decimal({ above: 0 }),
    fallback: '3600',
  }),
  WEBHOOK_NOTICE_INTERVAL_SECONDS: setting({
    group: 'Webhooks',
    description: 'Seconds between looks for disable notices to e-mail.',
    reader: seconds({ min: 0.1, max: 3600 }),
    fallback: '10',
  }),
  WEBHOOK_NOTICE_RETRY_SECONDS: setting({
    group: 'Webhooks',
    description: 'First pause after a failed disable notice (doubling, at most an hour).',
    reader: seconds({ min: 0, max: 3600 }),
    fallback: '60',
  }),
  WEBHOOK_ALLOWED_ADDRESS_RANGES: optional({
    group: 'Webhooks',
    description:
      'Non-public address ranges webhooks may reach (ipaddr.js names, e.g. `loopback,private`).',
    reader: custom('comma-separated ranges', parseAllowedRanges),
    unset: 'none; `npm run dev` sets `loopback` unless the variable is set (even empty)',
  }),
  WEBHOOK_PROBE_TIMEOUT_MS: setting({
    group: 'Webhooks',
    description: 'Timeout of the reachability probe made when a subscription is created.',
    reader: wholeNumber({ min: 1, max: 30_000 }),
    fallback: '3000',
  }),
  WEBHOOK_MAX_SUBSCRIPTIONS_PER_CONSUMER: setting({
    group: 'Webhooks',
    description:
      'Subscriptions one API consumer may have, inactive ones included (each one multiplies every fan-out); one more is refused with 409.',
    reader: wholeNumber({ min: 1, max: 10_000 }),
    fallback: '100',
  }),

  // Checkout
  CHECKOUT_REQUIRE_AUTH: setting({
    group: 'Checkout',
    description:
      '`true`: the authenticated variant of checkout (Bearer token or API key, `{ data }` answers); `false`: the guest variant.',
    reader: custom('`true`; anything else is the guest variant', (raw) => raw.trim() === 'true'),
    fallback: 'false',
  }),
  FRONTEND_URL: setting({
    group: 'Checkout',
    description:
      'Storefront address; Stripe returns buyers to `<FRONTEND_URL>/order/<id>/success` or `/cart`.',
    reader: httpAddress,
    fallback: 'http://localhost:3000',
    isEssential: true,
  }),
  CHECKOUT_SESSION_TTL_MINUTES: setting({
    group: 'Checkout',
    description: 'Minutes a payment session stays open: how long unpaid orders hold stock.',
    reader: wholeNumber({ min: 30, max: 1440 }),
    fallback: '60',
  }),
  CHECKOUT_MAX_PENDING_ORDERS: setting({
    group: 'Checkout',
    description: 'Unpaid orders one client address, and one e-mail address, may hold at once.',
    reader: wholeNumber({ min: 1, max: 1_000_000 }),
    fallback: '5',
  }),
  CHECKOUT_MAX_HELD_UNITS: setting({
    group: 'Checkout',
    description: 'Units those unpaid orders may hold in all, per client address and per e-mail.',
    reader: wholeNumber({ min: 1, max: 1_000_000_000 }),
    fallback: '50',
  }),
  ORDER_NOTICE_INTERVAL_SECONDS: setting({
    group: 'Checkout',
    description: "Seconds between looks for buyers' e-mails (receipts, refund notices) to send.",
    reader: seconds({ min: 0.1, max: 3600 }),
    fallback: '10',
  }),
  ORDER_NOTICE_RETRY_SECONDS: setting({
    group: 'Checkout',
    description: "First pause after a failed buyer's e-mail (doubling, at most an hour).",
    reader: seconds({ min: 0, max: 3600 }),
    fallback: '60',
  }),
  ORDER_SWEEP_MARGIN_MINUTES: setting({
    group: 'Checkout',
    description:
      'A pending order older than the session lifetime plus this is swept: asked about at Stripe, then marked paid or expired with its stock released.',
    reader: wholeNumber({ min: 0, max: 1440 }),
    fallback: '10',
  }),
  ORDER_SWEEP_INTERVAL_SECONDS: setting({
    group: 'Checkout',
    description: 'Seconds between the end of one sweep of stale orders and the next.',
    reader: wholeNumber({ min: 1, max: 86_400 }),
    fallback: '60',
  }),
  ORDER_SWEEPER: setting({
    group: 'Checkout',
    description:
      '`off`: this app server does not sweep stale pending orders (another instance does).',
    reader: onOff,
    fallback: 'on',
  }),

  // Stripe and the payment sandbox
  STRIPE_SECRET_KEY: optional({
    group: 'Stripe and the payment sandbox',
    description: 'Stripe secret key (test mode: `sk_test_...`).',
    reader: text,
    unset:
      'outside production, checkout uses the payment sandbox this app serves (nothing is charged)',
    isEssential: true,
  }),
  STRIPE_WEBHOOK_SECRET: optional({
    group: 'Stripe and the payment sandbox',
    description:
      'Signing secret of the Stripe webhook endpoint (`whsec_...`; `stripe listen` prints one).',
    reader: text,
    unset:
      'with the sandbox, `npm run dev` and `npm start` keep one in `.data/`; a process started otherwise makes one for itself',
    isEssential: true,
  }),
  PAYMENT_SANDBOX: optional({
    group: 'Stripe and the payment sandbox',
    description:
      '`true`: run the payment sandbox under `NODE_ENV=production` too (test deployments only); `false`: no sandbox. Ignored when `STRIPE_SECRET_KEY` is set.',
    reader: flag,
    unset: 'on outside production when `STRIPE_SECRET_KEY` is unset',
  }),
  STRIPE_API_BASE: optional({
    group: 'Stripe and the payment sandbox',
    description: 'Another address for Stripe\u2019s API, such as a local fake or stripe-mock.',
    reader: httpAddress,
    unset: 'Stripe itself; with the sandbox, this app at `http://127.0.0.1:$PORT`',
  }),
  STRIPE_MAX_NETWORK_RETRIES: setting({
    group: 'Stripe and the payment sandbox',
    description: 'Automatic retries of a failed Stripe request (same idempotency key).',
    reader: wholeNumber({ min: 0, max: 10 }),
    fallback: '2',
  }),
  STRIPE_TIMEOUT_MS: optional({
    group: 'Stripe and the payment sandbox',
    description: 'Timeout of one Stripe request in milliseconds.',
    reader: wholeNumber({ min: 1 }),
    unset: '20000; 120000 with the sandbox',
  }),

  // Health and metrics
  METRICS_TOKEN: optional({
    group: 'Health and metrics',
    description: 'Bearer token of `GET /api/metrics`.',
    reader: token,
    unset: 'no metrics are recorded or served (404)',
  }),
  WORKER_HTTP_PORT: optional({
    group: 'Health and metrics',
    description:
      'Port of `npm run worker`\u2019s own health and metrics server (`0`: any free port).',
    reader: wholeNumber({ min: 0, max: 65_535 }),
    unset: 'none',
  }),

  // Processes
  SHUTDOWN_TIMEOUT_SECONDS: setting({
    group: 'Processes',
    description:
      'Seconds the app server and `npm run worker` may take to stop after SIGTERM or SIGINT.',
    reader: seconds({ above: 0 }),
    fallback: '25',
  }),
  SCRIPT_START_TIMEOUT_SECONDS: setting({
    group: 'Processes',
    description:
      'Seconds a script (migrate, seed, worker) may take to start before it exits 75 to be retried.',
    reader: decimal({ above: 0 }),
    fallback: '90',
    isScriptOnly: true,
  }),

  // Demo data
  SEED_ADMIN_EMAIL: setting({
    group: 'Demo data',
    description:
      'The demo admin created by `npm run seed` (and by `npm run dev` on an empty database).',
    reader: text,
    fallback: 'admin@example.com',
    isScriptOnly: true,
  }),
  SEED_ADMIN_PASSWORD: setting({
    group: 'Demo data',
    description: 'Password of the demo admin.',
    reader: text,
    fallback: 'admin-password',
    isScriptOnly: true,
  }),
  SEED_EDITOR_EMAIL: setting({
    group: 'Demo data',
    description: 'The demo editor.',
    reader: text,
    fallback: 'editor@example.com',
    isScriptOnly: true,
  }),
  SEED_EDITOR_PASSWORD: setting({
    group: 'Demo data',
    description: 'Password of the demo editor.',
    reader: text,
    fallback: 'editor-password',
    isScriptOnly: true,
  }),
  SEED_CONSUMER_API_KEY: setting({
    group: 'Demo data',
    description: 'API key of the demo webhook consumer.',
    reader: text,
    fallback: 'demo-consumer-key-0123456789abcdef',
    isScriptOnly: true,
  }),
  SEED_ON_START: setting({
    group: 'Demo data',
    description:
      '`true`: `npm start` seeds an empty database even when `DATABASE_URL` is set (demo deployments).',
    reader: flag,
    fallback: 'false',
    isScriptOnly: true,
  }),
} satisfies Record<string, Variable<unknown>>

export type VariableName = keyof typeof variables

/** The value of every variable, as its reader returns it. */
export type VariableValues = {
  [Name in VariableName]: (typeof variables)[Name] extends Variable<infer T> ? T : never
}
