import type { PortalSettings } from '@/identity/portal/portalSettings'
import type { Payload } from 'payload'

import type { RateLimitPolicy, PolicyName } from '@/http/rateLimitPolicy'
import type { SmtpTimeouts } from '@/email/smtpSettings'
import type { CheckoutSettings } from '@/shop/checkoutSettings'
import type { OrderSweepSettings } from '@/shop/orderSweepSettings'
import type { OrderNoticeSettings } from '@/shop/notices/orderNoticeSettings'
import type { PaymentSandboxSettings } from '@/shop/paymentSandbox/paymentSandboxSettings'
import type { AddressRange } from '@/webhooks/addressPolicy'
import type { DisableNoticeSettings } from '@/webhooks/disableNoticeSettings'
import type { WorkerSettings } from '@/webhooks/workerSettings'

/** The SMTP server outgoing e-mail goes through. */
export type SmtpServer = {
  /** `SMTP_HOST`. */
  host: string
  /** `SMTP_PORT`. */
  port: number
  /** `SMTP_SECURE`: TLS from the start. */
  secure: boolean
  /** `SMTP_USER` and `SMTP_PASSWORD`, when the server asks for a login. */
  auth?: { user: string; pass?: string }
}

/** Stripe's API as this deployment reaches it (`src/shop/stripe/stripeClient.ts`). */
export type StripeSettings = {
  /** `STRIPE_SECRET_KEY`; unset, the payment sandbox may stand in. */
  secretKey?: string
  /** `STRIPE_WEBHOOK_SECRET` (or the one made for this process while the sandbox is on). */
  webhookSecret?: string
  /** The sandbox is on and `STRIPE_WEBHOOK_SECRET` was unset: one was made for this process. */
  isWebhookSecretMadeUp: boolean
  /** `STRIPE_API_BASE`: another address for Stripe's API. */
  apiBase?: string
  /** `STRIPE_MAX_NETWORK_RETRIES`. */
  maxNetworkRetries: number
  /** `STRIPE_TIMEOUT_MS`, else 20 s (two minutes with the sandbox). */
  timeoutMs: number
}

/** An S3 or S3-compatible bucket for the media files (`S3_*`). */
export type ObjectStorage = {
  /** `S3_BUCKET`. */
  bucket: string
  /** `S3_REGION`. */
  region: string
  /** `S3_ENDPOINT`: an S3-compatible service; unset, AWS. */
  endpoint?: string
  /** `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY`; unset, the AWS SDK's own chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string }
  /** `S3_FORCE_PATH_STYLE`. */
  forcePathStyle: boolean
}

/**
 * The whole configuration of one process, read and checked once at start (`loadConfig`) and
 * handed to whatever needs a part of it. Each field names the variables it comes from
 * (`src/config/variables.ts` declares them).
 */
export type AppConfig = {
  /** `NODE_ENV=production`. */
  isProduction: boolean
  /**
   * Whether this process is the app's server (`scripts/server.mjs` sets `APP_SERVER_PROCESS`;
   * Next's own CLI sets `NEXT_RUNTIME`), not a build, a script or a test process. Only the app
   * server runs the background work (webhook worker, order sweeper, payment sandbox).
   */
  isAppServer: boolean
  server: {
    /** `SERVER_URL` without a trailing slash. */
    url?: string
    /** `PORT`. */
    port: number
    /** `CORS_ORIGINS`. */
    corsOrigins: '*' | string[]
    /** `TRUSTED_PROXY_HOPS`. */
    trustedProxyHops: number
    /** `MAX_BODY_BYTES`. */
    maxBodyBytes: number
    /** `LOG_LEVEL`. */
    logLevel: string
  }
  database: {
    /** `DATABASE_URL`. */
    url: string
    /** `PAYLOAD_DB_PUSH`. */
    push: boolean
    /** `DATABASE_REPLICA_URLS`: read replicas of `url` (none: every query goes to `url`). */
    replicaUrls: string[]
  }
  identity: {
    /** `PAYLOAD_SECRET`. */
    payloadSecret: string
    /** `API_KEY`. */
    apiKey?: string
    /** `API_KEY_CONTACT_EMAIL`. */
    apiKeyContactEmail: string
  }
  rateLimits: {
    /** `RATE_LIMIT_<NAME>`. */
    policies: Record<PolicyName, RateLimitPolicy>
    /** `REDIS_URL`: counters in Redis instead of PostgreSQL. */
    redisUrl?: string
  }
  email: {
    /** `EMAIL_FROM`. */
    fromAddress: string
    /** `EMAIL_FROM_NAME`. */
    fromName: string
    /** The SMTP server; unset, messages are written to the log. */
    smtp?: SmtpServer
    /** `SMTP_TIMEOUT_SECONDS`, for each wait of an exchange. */
    timeouts: SmtpTimeouts
  }
  contact: {
    /** `ADMIN_NOTIFY_EMAILS`; unset, every admin user. */
    notifyEmails?: string[]
    /** `INQUIRY_NOTIFY_INTERVAL_SECONDS`, in milliseconds. */
    intervalMs: number
    /** `INQUIRY_NOTIFY_RETRY_SECONDS`. */
    retryBaseSeconds: number
    /** `INQUIRY_NOTIFIER=on`. */
    isNotifierOn: boolean
  }
  content: {
    /** `MEDIA_DIRECTORY`, absolute. */
    mediaDirectory: string
    /** `S3_*`: the bucket the files are kept in; unset, `mediaDirectory`. */
    objectStorage?: ObjectStorage
    /** `MEDIA_MAX_MEGABYTES`, in bytes. */
    mediaMaxBytes: number
    /** `JOBS_POLL_SECONDS`, in milliseconds. */
    jobsPollMs: number
    /** `JOBS=on`: the app server runs the jobs queue. */
    isJobsOn: boolean
    /** `CONTENT_LOCALES`: the languages content is written in, the default first. */
    locales: readonly [string, ...string[]]
    /** `PREVIEW_URL`, with `{id}`, `{slug}` and `{token}` to fill in. */
    previewUrl?: string
    /** `PREVIEW_TOKEN_MINUTES`. */
    previewTokenMinutes: number
  }
  portal: PortalSettings
  webhooks: WorkerSettings & {
    /** `WEBHOOK_WORKER=on`: the app server runs a worker. */
    isWorkerInApp: boolean
    /** `WEBHOOK_ALLOWED_ADDRESS_RANGES`. */
    allowedAddressRanges: ReadonlySet<AddressRange>
    /** `WEBHOOK_PROBE_TIMEOUT_MS`. */
    probeTimeoutMs: number
    /** `WEBHOOK_MAX_SUBSCRIPTIONS_PER_CONSUMER`: subscriptions one consumer may have. */
    maxSubscriptionsPerConsumer: number
    /** `WEBHOOK_NOTICE_*`. */
    notices: DisableNoticeSettings
  }
  checkout: CheckoutSettings
  orderSweep: OrderSweepSettings & {
    /** `ORDER_SWEEPER=on`: the app server sweeps. */
    isOn: boolean
  }
  /** `ORDER_NOTICE_*`: the buyers' e-mails. */
  orderNotices: OrderNoticeSettings
  stripe: StripeSettings
  paymentSandbox: PaymentSandboxSettings
  observability: {
    /** `METRICS_TOKEN`; unset, no metrics. */
    metricsToken?: string
    /** `WORKER_HTTP_PORT`; unset, the worker serves no HTTP. */
    workerHttpPort?: number
  }
  /** `SHUTDOWN_TIMEOUT_SECONDS`, in milliseconds. */
  shutdownMs: number
}

/** The configuration a Payload instance was built with (`payload.config.ts` puts it there). */
export function configOf(payload: Pick<Payload, 'config'>): AppConfig {
  const config = (payload.config.custom as { app?: AppConfig } | undefined)?.app
  if (!config) throw new Error('This Payload instance was built without the app configuration')
  return config
}
