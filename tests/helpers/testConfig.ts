import type { Payload } from 'payload'

import type { AppConfig } from '../../src/config/appConfig'
import { loadConfig, type Environment } from '../../src/config/loadConfig'

/**
 * A configuration as the app builds it at start, from this test process's environment (set up
 * once by tests/helpers/testEnvironment.ts) and `settings` on top: each value read and checked
 * exactly as an operator's would be.
 */
export function testConfig(settings: Environment = {}): AppConfig {
  return loadConfig({ ...process.env, ...settings })
}

/**
 * Hands `payload` the configuration of `testConfig(settings)`, on top of the settings handed in
 * before: what reads the configuration from then on (operations, endpoints, the Stripe client,
 * the mailer) sees it. Returns what puts the previous one back. Settings Payload takes once at its start (database, CORS, logger) do
 * not follow.
 */
export function useConfig(payload: Payload, settings: Environment): () => void {
  const custom = payload.config.custom as { app: AppConfig }
  const previous = custom.app
  const layered = { ...settingsOf.get(previous), ...settings }
  custom.app = testConfig(layered)
  settingsOf.set(custom.app, layered)
  return () => {
    custom.app = previous
  }
}

/** The settings each configuration `useConfig` made was built with: the next one adds to them. */
const settingsOf = new WeakMap<AppConfig, Environment>()
