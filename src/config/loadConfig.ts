import path from 'node:path'

import type { PolicyName, RateLimitPolicy } from '@/http/rateLimitPolicy'
import { smtpTimeouts } from '@/email/smtpSettings'
import {
  sandboxWebhookSecret,
  paymentSandboxSettings,
} from '@/shop/paymentSandbox/paymentSandboxSettings'
import { assertWorkable, type WorkerSettings } from '@/webhooks/workerSettings'
import type { AppConfig } from './appConfig'
import { variables, type VariableValues } from './variables'

/** The environment a configuration is read from (`process.env`, or a test's own record). */
export type Environment = Readonly<Record<string, string | undefined>>

/** A variable whose value cannot work; the message names it, and the process exits 2 on it. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Each declared variable's value: its text read by its reader, or its fallback when blank. */
export function readVariables(env: Environment): VariableValues {
  const values: Record<string, unknown> = {}
  for (const [name, variable] of Object.entries(variables)) {
    const raw = env[name]
    const isBlank = raw === undefined || raw.trim() === ''
    const text = isBlank ? ('fallback' in variable ? variable.fallback : undefined) : raw
    if (text === undefined) continue
    try {
      values[name] = variable.reader.read(text)
    } catch (error) {
      const reason = error instanceof Error ? error.message.replace(/^\w+: /, '') : String(error)
      throw new ConfigError(`${name} ${reason}; got "${raw}"`)
    }
  }
  return values as VariableValues
}

/**
 * The configuration of a process, from `env`: every variable read and checked (a value that
 * cannot work throws a `ConfigError` naming it), and the settings that depend on each other
 * checked together. Pure: the caller decides what `env` is (`configFromEnvironment` reads
 * `process.env`; tests pass their own).
 */
export function loadConfig(env: Environment): AppConfig {
  const v = readVariables(env)
  const isProduction = env.NODE_ENV === 'production'
  const isServerProcess = env.APP_SERVER_PROCESS === 'true' || Boolean(env.NEXT_RUNTIME)
  const webhooks: WorkerSettings = {
    concurrency: v.WEBHOOK_CONCURRENCY,
    endpointConcurrency: v.WEBHOOK_ENDPOINT_CONCURRENCY,
    leaseMs: v.WEBHOOK_LEASE_SECONDS * 1000,
    pollMs: v.WEBHOOK_POLL_MS,
    retrySchedule: v.WEBHOOK_RETRY_SCHEDULE,
    backoffBaseMs: v.WEBHOOK_BACKOFF_BASE_SECONDS * 1000,
    backoffMaxMs: v.WEBHOOK_BACKOFF_MAX_SECONDS * 1000,
    retentionMs: v.WEBHOOK_RETENTION_DAYS * 86_400_000,
    cleanupIntervalMs: v.WEBHOOK_CLEANUP_INTERVAL_SECONDS * 1000,
    isAttemptLogged: v.WEBHOOK_ATTEMPT_LOG,
  }
  try {
    assertWorkable(webhooks)
  } catch (error) {
    throw new ConfigError((error as Error).message)
  }
  const paymentSandbox = paymentSandboxSettings({
    hasStripeKey: Boolean(v.STRIPE_SECRET_KEY),
    flag: v.PAYMENT_SANDBOX,
    isProduction,
    appAddress: v.STRIPE_API_BASE ?? `http://127.0.0.1:${v.PORT}`,
  })
  const policies: Record<PolicyName, RateLimitPolicy> = {
    default: v.RATE_LIMIT_DEFAULT,
    contact: v.RATE_LIMIT_CONTACT,
    credentials: v.RATE_LIMIT_CREDENTIALS,
    login_account: v.RATE_LIMIT_LOGIN_ACCOUNT,
    bad_signatures: v.RATE_LIMIT_BAD_SIGNATURES,
  }
  const madeUpWebhookSecret =
    !v.STRIPE_WEBHOOK_SECRET && paymentSandbox.isOn ? sandboxWebhookSecret() : undefined
  return {
    isProduction,
    isAppServer: isServerProcess && env.NEXT_PHASE !== 'phase-production-build',
    server: {
      url: v.SERVER_URL,
      port: v.PORT,
      corsOrigins: v.CORS_ORIGINS,
      trustedProxyHops: v.TRUSTED_PROXY_HOPS,
      maxBodyBytes: v.MAX_BODY_BYTES,
      logLevel: v.LOG_LEVEL,
    },
    database: {
      url: v.DATABASE_URL ?? '',
      push: v.PAYLOAD_DB_PUSH,
      replicaUrls: v.DATABASE_REPLICA_URLS ?? [],
    },
    identity: {
      payloadSecret: v.PAYLOAD_SECRET ?? '',
      apiKey: v.API_KEY,
      apiKeyContactEmail: v.API_KEY_CONTACT_EMAIL,
    },
    rateLimits: { policies, redisUrl: v.REDIS_URL },
    portal: {
      linkMinutes: v.PORTAL_LINK_MINUTES,
      idleMinutes: v.PORTAL_SESSION_IDLE_MINUTES,
      sessionHours: v.PORTAL_SESSION_HOURS,
      frameAncestors: v.PORTAL_FRAME_ANCESTORS ?? [],
      isCookieSecure: isProduction,
    },
    email: {
      fromAddress: v.EMAIL_FROM,
      fromName: v.EMAIL_FROM_NAME,
      smtp: v.SMTP_HOST
        ? {
            host: v.SMTP_HOST,
            port: v.SMTP_PORT,
            secure: v.SMTP_SECURE,
            auth: v.SMTP_USER ? { user: v.SMTP_USER, pass: v.SMTP_PASSWORD } : undefined,
          }
        : undefined,
      timeouts: smtpTimeouts(v.SMTP_TIMEOUT_SECONDS),
    },
    contact: {
      notifyEmails: v.ADMIN_NOTIFY_EMAILS,
      intervalMs: v.INQUIRY_NOTIFY_INTERVAL_SECONDS * 1000,
      retryBaseSeconds: v.INQUIRY_NOTIFY_RETRY_SECONDS,
      isNotifierOn: v.INQUIRY_NOTIFIER,
    },
    content: {
      mediaDirectory: path.resolve(v.MEDIA_DIRECTORY),
      objectStorage: objectStorage(v),
      mediaMaxBytes: Math.round(v.MEDIA_MAX_MEGABYTES * 1024 * 1024),
      jobsPollMs: Math.round(v.JOBS_POLL_SECONDS * 1000),
      isJobsOn: v.JOBS,
      locales: v.CONTENT_LOCALES,
      previewUrl: v.PREVIEW_URL,
      previewTokenMinutes: v.PREVIEW_TOKEN_MINUTES,
    },
    webhooks: {
      ...webhooks,
      isWorkerInApp: v.WEBHOOK_WORKER,
      allowedAddressRanges: v.WEBHOOK_ALLOWED_ADDRESS_RANGES ?? new Set(),
      probeTimeoutMs: v.WEBHOOK_PROBE_TIMEOUT_MS,
      maxSubscriptionsPerConsumer: v.WEBHOOK_MAX_SUBSCRIPTIONS_PER_CONSUMER,
      notices: {
        intervalMs: v.WEBHOOK_NOTICE_INTERVAL_SECONDS * 1000,
        retryBaseSeconds: v.WEBHOOK_NOTICE_RETRY_SECONDS,
      },
    },
    checkout: {
      requiresAuth: v.CHECKOUT_REQUIRE_AUTH,
      frontendUrl: v.FRONTEND_URL,
      sessionTtlMinutes: v.CHECKOUT_SESSION_TTL_MINUTES,
      maxPendingOrders: v.CHECKOUT_MAX_PENDING_ORDERS,
      maxHeldUnits: v.CHECKOUT_MAX_HELD_UNITS,
    },
    orderSweep: {
      isOn: v.ORDER_SWEEPER,
      marginMinutes: v.ORDER_SWEEP_MARGIN_MINUTES,
      intervalSeconds: v.ORDER_SWEEP_INTERVAL_SECONDS,
      staleAfterMinutes: v.CHECKOUT_SESSION_TTL_MINUTES + v.ORDER_SWEEP_MARGIN_MINUTES,
    },
    orderNotices: {
      intervalMs: v.ORDER_NOTICE_INTERVAL_SECONDS * 1000,
      retryBaseSeconds: v.ORDER_NOTICE_RETRY_SECONDS,
    },
    stripe: {
      secretKey: v.STRIPE_SECRET_KEY,
      webhookSecret: v.STRIPE_WEBHOOK_SECRET ?? madeUpWebhookSecret,
      isWebhookSecretMadeUp: Boolean(madeUpWebhookSecret),
      apiBase: v.STRIPE_API_BASE,
      maxNetworkRetries: v.STRIPE_MAX_NETWORK_RETRIES,
      timeoutMs: v.STRIPE_TIMEOUT_MS ?? (paymentSandbox.isOn ? 120_000 : 20_000),
    },
    paymentSandbox,
    observability: { metricsToken: v.METRICS_TOKEN, workerHttpPort: v.WORKER_HTTP_PORT },
    shutdownMs: v.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  }
}

/** The media bucket of `S3_*`, when `S3_BUCKET` is set; a key without its secret cannot work. */
function objectStorage(v: VariableValues): AppConfig['content']['objectStorage'] {
  if (!v.S3_BUCKET) return undefined
  if (Boolean(v.S3_ACCESS_KEY_ID) !== Boolean(v.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or neither, for the AWS SDK's own chain)",
    )
  }
  return {
    bucket: v.S3_BUCKET,
    region: v.S3_REGION,
    endpoint: v.S3_ENDPOINT,
    credentials:
      v.S3_ACCESS_KEY_ID && v.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: v.S3_ACCESS_KEY_ID, secretAccessKey: v.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: v.S3_FORCE_PATH_STYLE,
  }
}
