import type { Payload } from 'payload'

import type { Consumer } from '@/payload-types'
import { configOf } from '@/config/appConfig'

import { configuredKeyConsumerId } from '@/identity/configuredKey'

let loading: Promise<Consumer> | undefined

/**
 * The configured key's consumer, created on first use, so that the static key owns
 * subscriptions like any other consumer. Loaded once per process.
 */
export function configuredKeyConsumer(payload: Payload): Promise<Consumer> {
  loading ??= findOrCreate(payload).catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

async function findOrCreate(payload: Payload): Promise<Consumer> {
  const find = () =>
    payload.findByID({ collection: 'consumers', id: configuredKeyConsumerId, disableErrors: true })
  const found = await find()
  if (found) return found
  try {
    return await payload.create({
      collection: 'consumers',
      data: {
        id: configuredKeyConsumerId,
        name: 'Configured API key',
        email: configOf(payload).identity.apiKeyContactEmail,
      },
    })
  } catch (error) {
    // Another instance created it at the same moment.
    const raced = await find()
    if (raced) return raced
    throw error
  }
}
