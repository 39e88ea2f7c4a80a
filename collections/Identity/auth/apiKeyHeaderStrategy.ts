import type { AuthStrategy } from 'payload'

import { apiKeyIndex, secretsMatch } from '@/identity/secrets'
import { configuredKeyConsumer } from './configuredKeyConsumer'
import { configOf } from '@/config/appConfig'
import { findKeySuspension } from '@/identity/operations/findKeySuspension'

/**
 * Authenticates `X-API-Key: <key>` as a consumer: the key from configuration (`API_KEY`) is
 * compared in constant time; any other key is looked up by its HMAC index, exactly as Payload
 * looks up `Authorization: consumers API-Key <key>`, so no stored key is compared as text. A
 * suspended consumer's key authenticates no one (`defineEndpoint` answers it 403 naming the
 * suspension): the configured key's consumer, loaded once, has its suspension read each time.
 */
export const apiKeyHeaderStrategy: AuthStrategy = {
  name: 'x-api-key',
  authenticate: async ({ headers, payload }) => {
    const key = headers.get('x-api-key')?.trim()
    if (!key) return { user: null }

    const configuredKey = configOf(payload).identity.apiKey
    if (configuredKey && secretsMatch(key, configuredKey)) {
      try {
        const consumer = await configuredKeyConsumer(payload)
        if (await findKeySuspension(payload, headers)) return { user: null }
        return { user: { ...consumer, collection: 'consumers', _strategy: 'x-api-key' } }
      } catch (err) {
        payload.logger.error({ msg: 'Could not load the consumer of the configured API_KEY', err })
        return { user: null }
      }
    }

    const { docs } = await payload.find({
      collection: 'consumers',
      where: { apiKeyIndex: { equals: apiKeyIndex(key, payload.secret) } },
      limit: 1,
      pagination: false,
      depth: 0,
      overrideAccess: true,
    })
    const consumer = docs[0]
    if (!consumer || consumer.suspended === true) return { user: null }
    return { user: { ...consumer, collection: 'consumers', _strategy: 'x-api-key' } }
  },
}
