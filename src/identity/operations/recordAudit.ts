import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import { requestAddress } from '@/http/requestAddress'
import { requestContext } from '@/runtime/requestContext'
import { systemWorkName } from '@/runtime/systemActor'
import { actorOf, type AuditActor, type AuditSource, type FieldChange } from '../auditEntry'
import { portalSessionOf } from '../portal/portalSessionAuth'

/** The audit log's table (the `audit-log` collection's). */
export const auditLogTableName = 'audit_log'

/** One entry, as an operation or a collection's hook describes it. */
export type AuditRecord = {
  /** What happened: `create`, `publish`, `login-failed`, `refund`, ... */
  action: string
  /** The document it happened to. */
  target?: { collection: string; id?: string | number; locale?: string | null }
  /** The fields it changed (`fieldChanges`). */
  changes?: Record<string, FieldChange>
  /** Whatever else says what happened (an amount, a reason); never a secret. */
  data?: unknown
  /** `caller-given` only for `POST /api/admin-action`'s action name. */
  source?: AuditSource
  /** Who, when it is not `req`'s caller (a failed login's e-mail has no user). */
  actor?: AuditActor
}

/** The actor of `req`: the system's work, its caller (and through what), or nobody signed in. */
export function actorOfRequest(req: PayloadRequest): AuditActor {
  const session = portalSessionOf(req)
  return actorOf({
    caller: req.user,
    systemWork: systemWorkName(),
    isLocalApi: req.payloadAPI === 'local',
    portalSession: session ? { id: session.id, openedBy: session.openedBy } : undefined,
  })
}

/** The request id the app server gave `req` (its `X-Request-Id`), when it came over HTTP. */
const requestIdOf = (req: PayloadRequest) =>
  requestContext().getStore()?.requestId ?? req.headers?.get('x-request-id') ?? null

/** The client's address, when `req` came over HTTP. */
const addressOf = (req: PayloadRequest) =>
  req.payloadAPI === 'local' && !req.headers?.get('x-forwarded-for') ? null : requestAddress(req)

/**
 * Appends an entry to the audit log in `req`'s transaction (so a change rolled back leaves none,
 * and a committed one always has its entry; without a transaction, on its own): the actor (from
 * `req` unless given), the action, its target, the time, the client's address, the request id
 * and the changed fields. One `INSERT`: the `audit-log` collection refuses every write through
 * Payload, admins included.
 */
export async function recordAudit(req: PayloadRequest, record: AuditRecord): Promise<void> {
  const actor = record.actor ?? actorOfRequest(req)
  const db = await transactionDatabase(req)
  // A string is stored as Payload's json fields store one, as the JSON text of its JSON text:
  // their read parses a string value once more (drizzle's jsonb), so the string "{}" stored as
  // itself would come back as an object.
  const json = (value: unknown) =>
    value === undefined
      ? sql`NULL`
      : sql`${JSON.stringify(typeof value === 'string' ? JSON.stringify(value) : value)}::jsonb`
  await db.execute(sql`
    INSERT INTO ${sql.identifier(auditLogTableName)}
      (action, source, actor_type, user_id, consumer_id, actor_name, via, target_collection,
       target_id, locale, client_address, request_id, changes, data, timestamp)
    VALUES (${record.action}, ${record.source ?? 'recorded'}, ${actor.kind},
      ${actor.userId ?? null}, ${actor.consumerId ?? null}, ${actor.name ?? null},
      ${actor.via ?? null}, ${record.target?.collection ?? null},
      ${record.target?.id === undefined ? null : String(record.target.id)},
      ${record.target?.locale ?? null}, ${addressOf(req)}, ${requestIdOf(req)},
      ${json(record.changes)}, ${json(record.data)}, now())`)
}
