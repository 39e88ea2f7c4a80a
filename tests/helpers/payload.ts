import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

import type { Environment } from '../../src/config/loadConfig'
import { useConfig } from './testConfig'

/**
 * The Payload instance of this test process, on the run's test database. With `settings`
 * (variables as an operator sets them, e.g. `{ SMTP_HOST: '127.0.0.1' }`), the instance runs
 * with a configuration built from the test environment and those (see `useConfig`).
 */
export async function getTestPayload(settings?: Environment): Promise<Payload> {
  const payload = await getPayload({ config })
  if (settings) useConfig(payload, settings)
  return payload
}
