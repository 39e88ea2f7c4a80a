import {
  AuthenticationError,
  createLocalReq,
  LockedAuth,
  type Payload,
  type PayloadHandler,
  type PayloadRequest,
  type SanitizedCollectionConfig,
  type SanitizedConfig,
} from 'payload'

import { recordAudit } from '@/identity/operations/recordAudit'
import { recordAuditTrail, recordSchedule } from './recordAuditTrail'

/** The collection that holds the trail: its own entries are not recorded. */
const auditLogSlug = 'audit-log'

const emailOf = (req: PayloadRequest) => {
  const email = (req.data as { email?: unknown } | undefined)?.email
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 320) : null
}

/**
 * The REST login route of an auth collection, recording a refused login (wrong e-mail or
 * password, or a locked account) with the e-mail tried: Payload has no hook for a failed login,
 * and its route reads the body into `req.data` before it checks anything, so no query is added.
 * A login throttled before that (429) is the rate limiter's, not an attempt.
 */
function recordingFailedLogins(
  collection: SanitizedCollectionConfig,
  handler: PayloadHandler,
): PayloadHandler {
  return async (req) => {
    try {
      return await handler(req)
    } catch (error) {
      if (error instanceof AuthenticationError || error instanceof LockedAuth) {
        const email = emailOf(req)
        await recordAudit(req, {
          action: 'login-failed',
          actor: { kind: 'anonymous', name: email ?? undefined, via: 'password' },
          target: { collection: collection.slug },
          data: { email, reason: error instanceof LockedAuth ? 'locked' : 'wrong credentials' },
        })
      }
      throw error
    }
  }
}

/**
 * The sanitized configuration with the audit trail on every collection, Payload's own
 * included (they exist only once Payload has built its configuration), the audit log's
 * excepted: `recordAuditTrail`'s hooks run after each collection's own, so that an entry records
 * what the write did, and the login routes record refusals.
 */
export function withAuditTrail(config: SanitizedConfig): SanitizedConfig {
  for (const collection of config.collections) {
    if (collection.slug === auditLogSlug) continue
    const hooks = recordAuditTrail(collection)
    collection.hooks.beforeOperation = [
      ...(collection.hooks.beforeOperation ?? []),
      hooks.beforeOperation,
    ]
    collection.hooks.afterChange = [...(collection.hooks.afterChange ?? []), hooks.afterChange]
    collection.hooks.afterDelete = [...(collection.hooks.afterDelete ?? []), hooks.afterDelete]
    if (!collection.auth || collection.auth.disableLocalStrategy) continue
    collection.hooks.afterLogin = [...(collection.hooks.afterLogin ?? []), hooks.afterLogin]
    collection.hooks.afterLogout = [...(collection.hooks.afterLogout ?? []), hooks.afterLogout]
    collection.hooks.afterOperation = [
      ...(collection.hooks.afterOperation ?? []),
      hooks.afterOperation,
    ]
    if (!Array.isArray(collection.endpoints)) continue
    collection.endpoints = collection.endpoints.map((endpoint) =>
      endpoint.path === '/login' && endpoint.method === 'post'
        ? { ...endpoint, handler: recordingFailedLogins(collection, endpoint.handler) }
        : endpoint,
    )
  }
  return config
}

/**
 * Records each scheduled publication (`schedule`, on its document, by the user who scheduled
 * it) as Payload's queue takes it: the admin panel's "Schedule publish" queues it with the
 * database adapter alone, without a hook or a transaction (Payload's `jobs.runHooks` would make
 * its runner write jobs through the Local API, which the runner here does not expect), so the
 * entry is written right after the job, in the caller's transaction when it passes `req`.
 */
export function recordScheduledPublications(payload: Payload) {
  const queue = payload.jobs.queue as typeof payload.jobs.queue & { isAudited?: true }
  if (queue.isAudited) return
  const audited = (async (args: Parameters<typeof queue>[0]) => {
    const job = await queue(args)
    if ('task' in args && args.task === 'schedulePublish') {
      await recordSchedule(args.req ?? (await createLocalReq({}, payload)), job, 'schedule')
    }
    return job
  }) as typeof queue
  audited.isAudited = true
  payload.jobs.queue = audited
}
