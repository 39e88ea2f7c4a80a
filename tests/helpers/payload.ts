import defaultConfig, { payloadConfig } from '@payload-config'
import { getPayload, type Payload } from 'payload'

import type { Environment } from '../../src/config/readVariables'
import { testConfig, handInConfig } from './testConfig'

let started: Promise<Payload> | undefined

/**
 * The Payload instance of this test process, on the run's test database. With `settings`
 * (variables as an operator sets them, e.g. `{ SMTP_HOST: '127.0.0.1' }`): the first call starts
 * Payload with a configuration built from the test environment and those, as the app would start
 * with them (settings Payload takes once, such as `CORS_ORIGINS`, included); a later call hands
 * the running instance that configuration (`handInConfig`).
 */
export async function getTestPayload(settings?: Environment): Promise<Payload> {
  if (!started) {
    const own = settings ? payloadConfig(testConfig(settings)) : defaultConfig
    started = getPayload({ config: own })
    const payload = await started
    // Something (a route of the app) started Payload with the default configuration first.
    if (settings && payload.config !== (await own)) handInConfig(payload, settings)
    return payload
  }
  const payload = await started
  if (settings) handInConfig(payload, settings)
  return payload
}
