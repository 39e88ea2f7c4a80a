import type { Payload } from 'payload'

import { configOf } from '@/config/appConfig'
import { configuredKeyConsumerId } from '../configuredKey'
import { apiKeyIndex } from '../secrets'
import { portalSessionTableName } from './portalSessionTable'

/**
 * "The credential that opened this portal link is still valid", as SQL over a row of
 * `webhook_portal_sessions` aliased `s`, for the statements that open and use a session. A row
 * opened with an API key (`consumer`) lives while its consumer's key is still that key and API
 * access is on (or, for the configured `API_KEY`'s consumer, while that key is configured: its
 * index is `$configuredKey`); a row an admin opened lives while that user is still an admin.
 * Deleting the consumer deletes its rows (a foreign key).
 *
 * `configuredKey` is the placeholder (`$n`) of the configured key's index, or of NULL.
 * `configuredConsumer` is the placeholder of the configured key's consumer id.
 */
export function portalCredentialIsCurrent(placeholders: {
  configuredKey: string
  configuredConsumer: string
}): string {
  return `EXISTS (
    SELECT 1 FROM consumers c
     WHERE c.id = s.consumer_id
       AND CASE
             WHEN s.opened_by = 'consumer' THEN
               (c.enable_a_p_i_key IS TRUE AND c.api_key_index = s.key_index)
               OR (c.id = ${placeholders.configuredConsumer}
                   AND s.key_index = ${placeholders.configuredKey})
             WHEN s.opened_by LIKE 'admin:%' THEN EXISTS (
               SELECT 1 FROM users u
                WHERE u.id::text = substring(s.opened_by FROM 7) AND u.role = 'admin')
             ELSE false
           END)`
}

/** The table, aliased as the condition above expects. */
export const portalSessionsAsS = `${portalSessionTableName} s`

/**
 * The values of the two placeholders: the configured `API_KEY`'s index (null without one) and
 * its consumer's id.
 */
export function configuredKeyValues(payload: Payload): [string | null, string] {
  const key = configOf(payload).identity.apiKey
  return [key ? apiKeyIndex(key, payload.secret) : null, configuredKeyConsumerId]
}
