import type { Payload } from 'payload'

import { configOf } from '@/config/appConfig'
import { postgres } from '@/db/transaction'
import { suspensionOf, type Suspension } from '@/webhooks/suspension'
import { configuredKeyConsumerId } from '../configuredKey'
import { apiKeyIndex, presentedApiKey, secretsMatch } from '../secrets'

/**
 * The suspension of the consumer whose API key the request presents (`X-API-Key`, or Payload's
 * `Authorization: consumers API-Key`), read now; null when the key is nobody's or its consumer
 * is not suspended. One query by primary key or key index.
 */
export async function findKeySuspension(
  payload: Payload,
  headers: { get(name: string): string | null },
): Promise<Suspension | null> {
  const key = presentedApiKey(headers)
  if (!key) return null
  const configuredKey = configOf(payload).identity.apiKey
  const byConfiguredKey = Boolean(configuredKey && secretsMatch(key, configuredKey))
  const { rows } = await postgres(payload).pool.query<{
    suspended: boolean | null
    suspension_reason: string | null
    suspended_at: Date | null
  }>(
    `SELECT suspended, suspension_reason, suspended_at FROM consumers
     WHERE ${byConfiguredKey ? 'id' : 'api_key_index'} = $1 LIMIT 1`,
    [byConfiguredKey ? configuredKeyConsumerId : apiKeyIndex(key, payload.secret)],
  )
  const row = rows[0]
  if (!row) return null
  return suspensionOf({
    suspended: row.suspended,
    suspensionReason: row.suspension_reason,
    suspendedAt: row.suspended_at ? new Date(row.suspended_at).toISOString() : null,
  })
}
