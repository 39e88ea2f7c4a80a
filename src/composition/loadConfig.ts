import type { AppConfig } from '@/config/appConfig'
import { readVariables, type Environment } from '@/config/readVariables'
import { contactSettings } from '@/contact/settings'
import { databaseSettings } from '@/db/settings'
import { emailSettings } from '@/email/settings'
import { rateLimitSettings, serverSettings } from '@/http/settings'
import { portalSettings } from '@/identity/portal/portalSettings'
import { identitySettings } from '@/identity/settings'
import { contentSettings } from '@/media/settings'
import { answerCacheSettings } from '@/answerCache/settings'
import { observabilitySettings } from '@/observability/settings'
import { shopSettings } from '@/shop/settings'
import { webhookSettings } from '@/webhooks/settings'
import { workflowSettings } from '@/workflow/settings'
import { variables } from './variables'

/**
 * The configuration of a process, from `env`: every variable read and checked (a value that
 * cannot work throws a `ConfigError` naming it), and each part built by the domain or layer
 * that declares it, with the settings that depend on each other checked together. Pure: the
 * caller decides what `env` is (`configFromEnvironment` reads `process.env`; tests pass their
 * own).
 */
export function loadConfig(env: Environment): AppConfig {
  const v = readVariables(variables, env)
  const isProduction = env.NODE_ENV === 'production'
  const isServerProcess = env.APP_SERVER_PROCESS === 'true' || Boolean(env.NEXT_RUNTIME)
  // Built before the rest, in this order, so that of two settings that cannot work, the same
  // one is reported first.
  const webhooks = webhookSettings(v)
  const shop = shopSettings(v, { isProduction, port: v.PORT })
  return {
    isProduction,
    isAppServer: isServerProcess && env.NEXT_PHASE !== 'phase-production-build',
    server: serverSettings(v),
    database: databaseSettings(v),
    identity: identitySettings(v),
    rateLimits: rateLimitSettings(v),
    portal: portalSettings(v, { isProduction }),
    email: emailSettings(v),
    contact: contactSettings(v),
    content: contentSettings(v),
    answerCache: answerCacheSettings(v),
    workflow: workflowSettings(v),
    webhooks,
    ...shop,
    observability: observabilitySettings(v),
    shutdownMs: v.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  }
}

/** Every declared variable's value in `env`: what the scripts read before the app exists. */
export function variableValues(env: Environment) {
  return readVariables(variables, env)
}
