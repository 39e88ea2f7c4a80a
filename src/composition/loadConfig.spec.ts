import { describe, expect, it } from 'vitest'

import { minimumLeaseMs } from '@/webhooks/workerSettings'
import { noticeClaimSeconds } from '@/email/smtpSettings'
import { paymentSandboxApiKey } from '@/shop/paymentSandbox/paymentSandboxSettings'
import { sessionExpiry } from '@/shop/checkoutSettings'
import type { Environment } from '@/config/readVariables'
import { loadConfig } from './loadConfig'

const config = (env: Environment) => loadConfig(env)

describe('every variable', () => {
  it('has a value when nothing is set', () => {
    expect(() => config({})).not.toThrow()
  })

  it('names the variable, what it must be and what it got', () => {
    expect(() => config({ PORT: 'eighty' })).toThrow(
      'PORT must be a whole number from 1 to 65535; got "eighty"',
    )
  })
})

describe('webhook worker settings', () => {
  const { webhooks } = config({})

  it('has defaults for every setting', () => {
    expect(webhooks).toMatchObject({
      concurrency: 50,
      endpointConcurrency: 10,
      leaseMs: 60_000,
      pollMs: 1000,
      retrySchedule: [
        0, 5000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000,
        86_400_000,
      ],
      backoffBaseMs: 5000,
      backoffMaxMs: 3_600_000,
      retentionMs: 30 * 86_400_000,
      cleanupIntervalMs: 3_600_000,
      isWorkerInApp: true,
      probeTimeoutMs: 3000,
      maxSubscriptionsPerConsumer: 100,
    })
    expect(webhooks.allowedAddressRanges.size).toBe(0)
  })

  it('reads the environment and refuses nonsense', () => {
    const settings = config({
      WEBHOOK_RETRY_SCHEDULE: '0,10ms,1s',
      WEBHOOK_LEASE_SECONDS: '40',
      WEBHOOK_RETENTION_DAYS: '7',
      WEBHOOK_ALLOWED_ADDRESS_RANGES: 'loopback, private',
    }).webhooks
    expect(settings.retrySchedule).toEqual([0, 10, 1000])
    expect(settings.leaseMs).toBe(40_000)
    expect(settings.retentionMs).toBe(7 * 86_400_000)
    expect([...settings.allowedAddressRanges]).toEqual(['loopback', 'private'])
    expect(() => config({ WEBHOOK_CONCURRENCY: '-1' })).toThrow(/WEBHOOK_CONCURRENCY/)
    expect(() =>
      config({ WEBHOOK_BACKOFF_BASE_SECONDS: '60', WEBHOOK_BACKOFF_MAX_SECONDS: '10' }),
    ).toThrow(/WEBHOOK_BACKOFF_MAX_SECONDS/)
    expect(() => config({ WEBHOOK_PROBE_TIMEOUT_MS: 'soon' })).toThrow(/WEBHOOK_PROBE_TIMEOUT_MS/)
  })

  it('bounds subscriptions per consumer from 1 to 10,000 (the design target)', () => {
    const bound = (value: string) =>
      config({ WEBHOOK_MAX_SUBSCRIPTIONS_PER_CONSUMER: value }).webhooks.maxSubscriptionsPerConsumer
    expect(bound('1')).toBe(1)
    expect(bound('10000')).toBe(10_000)
    expect(bound(' ')).toBe(100)
    for (const value of ['0', '10001', '2.5', 'many']) {
      expect(() => bound(value)).toThrow(
        `WEBHOOK_MAX_SUBSCRIPTIONS_PER_CONSUMER must be a whole number from 1 to 10000; got "${value}"`,
      )
    }
  })

  it('refuses a lease that cannot cover the longest send (30 s timeout plus the margin)', () => {
    expect(minimumLeaseMs).toBe(35_000)
    expect(() => config({ WEBHOOK_LEASE_SECONDS: '34' })).toThrow(
      'WEBHOOK_LEASE_SECONDS=34 cannot cover the longest send',
    )
    expect(config({ WEBHOOK_LEASE_SECONDS: '35' }).webhooks.leaseMs).toBe(35_000)
  })
})

describe('disable notice settings', () => {
  it('look every 10 s and retry after a minute, doubling, by default', () => {
    expect(config({}).webhooks.notices).toEqual({ intervalMs: 10_000, retryBaseSeconds: 60 })
    expect(
      config({
        WEBHOOK_NOTICE_INTERVAL_SECONDS: '0.3',
        WEBHOOK_NOTICE_RETRY_SECONDS: '0',
      }).webhooks.notices,
    ).toEqual({ intervalMs: 300, retryBaseSeconds: 0 })
  })

  it('refuse values that cannot work, naming the variable', () => {
    expect(() => config({ WEBHOOK_NOTICE_INTERVAL_SECONDS: '0' })).toThrow(
      'WEBHOOK_NOTICE_INTERVAL_SECONDS must be a number of seconds from 0.1 to 3600',
    )
    expect(() => config({ WEBHOOK_NOTICE_RETRY_SECONDS: 'often' })).toThrow(
      'WEBHOOK_NOTICE_RETRY_SECONDS must be a number of seconds from 0 to 3600',
    )
  })
})

describe('checkout settings', () => {
  it('defaults to the guest variant, localhost and a one-hour session', () => {
    expect(config({}).checkout).toEqual({
      requiresAuth: false,
      frontendUrl: 'http://localhost:3000',
      sessionTtlMinutes: 60,
      maxPendingOrders: 5,
      maxHeldUnits: 50,
    })
  })

  it('reads the variant, the storefront address and the session lifetime', () => {
    expect(
      config({
        CHECKOUT_REQUIRE_AUTH: 'true',
        FRONTEND_URL: 'https://shop.example.com/',
        CHECKOUT_SESSION_TTL_MINUTES: '30',
        CHECKOUT_MAX_PENDING_ORDERS: '2',
        CHECKOUT_MAX_HELD_UNITS: '10',
      }).checkout,
    ).toEqual({
      requiresAuth: true,
      frontendUrl: 'https://shop.example.com',
      sessionTtlMinutes: 30,
      maxPendingOrders: 2,
      maxHeldUnits: 10,
    })
    expect(config({ CHECKOUT_REQUIRE_AUTH: 'yes' }).checkout.requiresAuth).toBe(false)
  })

  it.each(['29', '1441', '60.5', 'soon'])('refuses a session lifetime of %s minutes', (ttl) => {
    expect(() => config({ CHECKOUT_SESSION_TTL_MINUTES: ttl })).toThrow(/30 to 1440/)
  })

  it.each(['0', '-1', '2.5', 'many'])('refuses a reservation bound of %s', (bound) => {
    expect(() => config({ CHECKOUT_MAX_PENDING_ORDERS: bound })).toThrow(
      /CHECKOUT_MAX_PENDING_ORDERS must be a whole number from 1/,
    )
    expect(() => config({ CHECKOUT_MAX_HELD_UNITS: bound })).toThrow(
      /CHECKOUT_MAX_HELD_UNITS must be a whole number from 1/,
    )
  })

  it('sends Stripe the lifetime, but at 30 minutes a minute more for the way there', () => {
    const now = new Date('2026-01-15T09:00:00.000Z')
    expect(sessionExpiry(now, 60).toISOString()).toBe('2026-01-15T10:00:00.000Z')
    expect(sessionExpiry(now, 31).toISOString()).toBe('2026-01-15T09:31:00.000Z')
    expect(sessionExpiry(now, 30).toISOString()).toBe('2026-01-15T09:31:00.000Z')
  })
})

describe('order sweep settings', () => {
  it('sweeps every minute the orders older than the session lifetime plus ten minutes', () => {
    expect(config({}).orderSweep).toEqual({
      isOn: true,
      marginMinutes: 10,
      intervalSeconds: 60,
      staleAfterMinutes: 70,
    })
  })

  it('adds the margin to the configured session lifetime', () => {
    expect(
      config({
        CHECKOUT_SESSION_TTL_MINUTES: '1440',
        ORDER_SWEEP_MARGIN_MINUTES: '0',
        ORDER_SWEEP_INTERVAL_SECONDS: '5',
      }).orderSweep,
    ).toMatchObject({ marginMinutes: 0, intervalSeconds: 5, staleAfterMinutes: 1440 })
  })

  it.each(['-1', '1.5', 'soon', '1441'])('refuses a margin of %s minutes', (margin) => {
    expect(() => config({ ORDER_SWEEP_MARGIN_MINUTES: margin })).toThrow(
      /ORDER_SWEEP_MARGIN_MINUTES must be a whole number from 0 to 1440/,
    )
  })

  it.each(['0', '2.5', 'often', '86401'])('refuses an interval of %s seconds', (interval) => {
    expect(() => config({ ORDER_SWEEP_INTERVAL_SECONDS: interval })).toThrow(
      /ORDER_SWEEP_INTERVAL_SECONDS must be a whole number from 1 to 86400/,
    )
  })

  it('refuses a session lifetime checkout would refuse', () => {
    expect(() => config({ CHECKOUT_SESSION_TTL_MINUTES: '10' })).toThrow(
      /CHECKOUT_SESSION_TTL_MINUTES/,
    )
  })
})

describe('the payment sandbox', () => {
  it('is on by default outside production, on the app at 127.0.0.1:$PORT', () => {
    expect(config({ NODE_ENV: 'development', PORT: '4000' }).paymentSandbox).toMatchObject({
      isOn: true,
      isProduction: false,
      appAddress: 'http://127.0.0.1:4000',
    })
    expect(config({}).paymentSandbox).toMatchObject({ appAddress: 'http://127.0.0.1:3000' })
  })

  it('uses STRIPE_API_BASE as the app address when set', () => {
    expect(config({ STRIPE_API_BASE: 'http://127.0.0.1:5555/' }).paymentSandbox).toMatchObject({
      isOn: true,
      appAddress: 'http://127.0.0.1:5555',
    })
  })

  it('is off with a Stripe key, whatever PAYMENT_SANDBOX says', () => {
    for (const flag of [undefined, 'true', 'false']) {
      const settings = config({
        STRIPE_SECRET_KEY: 'sk_test_x',
        PAYMENT_SANDBOX: flag,
      }).paymentSandbox
      expect(settings.isOn).toBe(false)
      expect(settings.why).toMatch(/STRIPE_SECRET_KEY is set/)
    }
  })

  it('runs in production only with PAYMENT_SANDBOX=true, and says so', () => {
    expect(config({ NODE_ENV: 'production' }).paymentSandbox.isOn).toBe(false)
    const on = config({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'true' }).paymentSandbox
    expect(on).toMatchObject({ isOn: true, isProduction: true })
    expect(on.why).toMatch(/PAYMENT_SANDBOX=true/)
  })

  it('is off with PAYMENT_SANDBOX=false and refuses other values', () => {
    expect(config({ PAYMENT_SANDBOX: 'false' }).paymentSandbox.isOn).toBe(false)
    expect(() => config({ PAYMENT_SANDBOX: 'yes' })).toThrow(/PAYMENT_SANDBOX/)
  })

  it('signs with a secret made for this process when none is configured', () => {
    const made = config({}).stripe
    expect(made.webhookSecret).toMatch(/^whsec_[0-9a-f]{48}$/)
    expect(made.isWebhookSecretMadeUp).toBe(true)
    const given = config({ STRIPE_WEBHOOK_SECRET: 'whsec_given' }).stripe
    expect(given).toMatchObject({ webhookSecret: 'whsec_given', isWebhookSecretMadeUp: false })
    expect(config({ STRIPE_SECRET_KEY: 'sk_test_x' }).stripe.webhookSecret).toBeUndefined()
  })

  it('waits two minutes for the sandbox, 20 s for Stripe, unless told', () => {
    expect(config({}).stripe.timeoutMs).toBe(120_000)
    expect(config({ STRIPE_SECRET_KEY: 'sk_test_x' }).stripe.timeoutMs).toBe(20_000)
    expect(config({ STRIPE_TIMEOUT_MS: '500' }).stripe.timeoutMs).toBe(500)
  })
})

describe('paymentSandboxApiKey', () => {
  it('is a test key derived from the secret', () => {
    const key = paymentSandboxApiKey('secret-a')
    expect(key).toMatch(/^sk_test_sandbox_[0-9a-f]{32}$/)
    expect(paymentSandboxApiKey('secret-a')).toBe(key)
    expect(paymentSandboxApiKey('secret-b')).not.toBe(key)
  })
})

describe('SMTP timeouts', () => {
  it('bound connecting, the greeting and any silence, 15 s each by default', () => {
    expect(config({}).email.timeouts).toEqual({
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 15_000,
    })
    expect(config({ SMTP_TIMEOUT_SECONDS: '2.5' }).email.timeouts.greetingTimeout).toBe(2500)
  })

  it('refuse a value that cannot work, naming the variable', () => {
    for (const value of ['0', '-1', 'soon', '301']) {
      expect(() => config({ SMTP_TIMEOUT_SECONDS: value })).toThrow(
        'SMTP_TIMEOUT_SECONDS must be a number of seconds from 1 to 300',
      )
    }
  })

  it('let a claimed notice outlast the longest exchange they allow', () => {
    const timeouts = (seconds?: string) => config({ SMTP_TIMEOUT_SECONDS: seconds }).email.timeouts
    expect(noticeClaimSeconds(timeouts())).toBe(300)
    expect(noticeClaimSeconds(timeouts('1'))).toBe(120)
    expect(noticeClaimSeconds(timeouts('60'))).toBe(1200)
  })

  it('go to the SMTP server named, with a login when a user is set', () => {
    expect(config({}).email.smtp).toBeUndefined()
    expect(
      config({ SMTP_HOST: 'mail.example', SMTP_USER: 'u', SMTP_PASSWORD: ' p ' }).email.smtp,
    ).toEqual({ host: 'mail.example', port: 587, secure: false, auth: { user: 'u', pass: ' p ' } })
  })
})

describe('shutdown timeout', () => {
  it('is 25 s unless SHUTDOWN_TIMEOUT_SECONDS says otherwise', () => {
    expect(config({}).shutdownMs).toBe(25_000)
    expect(config({ SHUTDOWN_TIMEOUT_SECONDS: ' ' }).shutdownMs).toBe(25_000)
    expect(config({ SHUTDOWN_TIMEOUT_SECONDS: '8' }).shutdownMs).toBe(8_000)
    expect(config({ SHUTDOWN_TIMEOUT_SECONDS: '0.5' }).shutdownMs).toBe(500)
  })

  it('refuses what is not a positive number of seconds, naming the setting', () => {
    for (const value of ['0', '-3', 'soon', 'Infinity']) {
      expect(() => config({ SHUTDOWN_TIMEOUT_SECONDS: value })).toThrow(
        /SHUTDOWN_TIMEOUT_SECONDS must be a positive number/,
      )
    }
  })
})

describe('metrics token', () => {
  it('is unset when the variable is absent or blank', () => {
    expect(config({}).observability.metricsToken).toBeUndefined()
    expect(config({ METRICS_TOKEN: '  ' }).observability.metricsToken).toBeUndefined()
    expect(config({ METRICS_TOKEN: ' s3cret ' }).observability.metricsToken).toBe('s3cret')
  })
})

describe('worker HTTP port', () => {
  const port = (value?: string) => config({ WORKER_HTTP_PORT: value }).observability.workerHttpPort

  it('is off when unset, a port number otherwise', () => {
    expect(port()).toBeUndefined()
    expect(port('')).toBeUndefined()
    expect(port('9464')).toBe(9464)
    expect(port('0')).toBe(0)
  })

  it('refuses what is not a port, naming the variable', () => {
    for (const value of ['http', '70000', '-1', '12.5', '80 81']) {
      expect(() => port(value)).toThrow(/WORKER_HTTP_PORT/)
    }
  })
})

describe('rate-limit policies', () => {
  it('use the built-in default when the variable is unset', () => {
    expect(config({}).rateLimits.policies.contact).toEqual({
      name: 'contact',
      points: 5,
      windowSeconds: 600,
    })
  })

  it('read "<requests>/<seconds>"', () => {
    expect(config({ RATE_LIMIT_DEFAULT: '120/60' }).rateLimits.policies.default).toEqual({
      name: 'default',
      points: 120,
      windowSeconds: 60,
    })
  })

  it('refuse a value they cannot read instead of leaving the endpoint unlimited', () => {
    expect(() => config({ RATE_LIMIT_DEFAULT: 'lots' })).toThrow(/RATE_LIMIT_DEFAULT/)
    expect(() => config({ RATE_LIMIT_DEFAULT: '0/60' })).toThrow()
  })
})

describe('the largest request body', () => {
  it('is 1 MiB unless MAX_BODY_BYTES says otherwise, and at least 1 KiB', () => {
    expect(config({}).server.maxBodyBytes).toBe(1024 * 1024)
    expect(config({ MAX_BODY_BYTES: '2048' }).server.maxBodyBytes).toBe(2048)
    expect(() => config({ MAX_BODY_BYTES: '100' })).toThrow(/MAX_BODY_BYTES/)
  })
})

describe('isAppServer', () => {
  it('is the process scripts/server.mjs runs, or one Next runs', () => {
    expect(config({ APP_SERVER_PROCESS: 'true' }).isAppServer).toBe(true)
    expect(config({ NEXT_RUNTIME: 'nodejs' }).isAppServer).toBe(true)
  })

  it('is not a build, a script or a test process', () => {
    expect(config({}).isAppServer).toBe(false)
    expect(config({ VITEST: 'true' }).isAppServer).toBe(false)
    expect(
      config({ APP_SERVER_PROCESS: 'true', NEXT_PHASE: 'phase-production-build' }).isAppServer,
    ).toBe(false)
  })
})
