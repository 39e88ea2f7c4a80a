import { workerSettings } from '../../src/webhooks/workerSettings'

/**
 * Refuses to start with webhook settings that cannot work (a lease shorter than the longest
 * send, say): prints what to change and exits 2 before anything starts, instead of a worker
 * that claims deliveries it cannot finish.
 */
export function checkWebhookSettings() {
  try {
    workerSettings()
  } catch (error) {
    console.error(`Invalid webhook settings: ${(error as Error).message}`)
    process.exit(2)
  }
}
