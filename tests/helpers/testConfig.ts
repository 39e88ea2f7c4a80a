import type { Payload } from 'payload'

import type { AppConfig } from '../../src/config/appConfig'
import type { Environment } from '../../src/config/readVariables'
import { loadConfig } from '../../src/composition/loadConfig'

/**
 * A configuration as the app builds it at start, from this test process's environment (set up
 * once by tests/helpers/testEnvironment.ts) and `settings` on top: each value read and checked
 * exactly as an operator's would be.
 */
export function testConfig(settings: Environment = {}): AppConfig {
  const config = loadConfig({ ...process.env, ...settings })
  settingsOf.set(config, settings)
  return config
}

/**
 * Hands `payload` the configuration of `testConfig(settings)`, on top of the settings handed in
 * before: what reads the configuration from then on (operations, endpoints, the Stripe client,
 * the mailer) sees it. Returns what puts the previous one back. Settings Payload takes once at its start (database, CORS, logger) do
 * not follow.
 */
export function handInConfig(payload: Payload, settings: Environment): () => void {
  const custom = payload.config.custom as { app: AppConfig }
  const previous = custom.app
  custom.app = testConfig({ ...settingsOf.get(previous), ...settings })
  return () => {
    custom.app = previous
  }
}

/** The settings each test configuration was built with: `handInConfig` adds to them. */
const settingsOf = new WeakMap<AppConfig, Environment>()
