import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { transactionDatabase } from '@/db/transaction'
import { notFound } from '@/http/errors'
import type { NumberedPage } from '@/http/pageMeta'
import { attemptTrigger, type AttemptTrigger } from '../attemptTrigger'
import { attemptLogTableName } from '../schema/attemptLogTable'

/** One attempt at sending a delivery, as the attempt log keeps it. */
export type DeliveryAttempt = {
  id: number
  deliveryId: number
  /** 1 for the delivery's first attempt. */
  attempt: number
  /** Who or what sent it (`attemptTrigger`). */
  trigger: AttemptTrigger
  attemptedAt: Date
  durationMs: number
  responseStatus: number | null
  responseBody: string | null
  error: string | null
  signature: string | null
  /** Every request header sent, by lower-case name; null for attempts logged before they were. */
  requestHeaders: Record<string, string> | null
}

/**
 * Page `page` of the attempts at delivery `deliveryId`, newest first. The delivery must be one
 * the caller may read (a consumer: of its own subscriptions; an admin: any): anyone else gets
 * 404, as for a delivery that does not exist.
 */
export async function listAttempts(args: {
  req: PayloadRequest
  deliveryId: number
  page: number
  perPage: number
}): Promise<NumberedPage<DeliveryAttempt>> {
  const { req, deliveryId, page, perPage } = args
  const delivery = await req.payload.findByID({
    collection: 'webhook-deliveries',
    id: deliveryId,
    req,
    user: req.user,
    overrideAccess: false,
    depth: 0,
    disableErrors: true,
    select: { eventId: true, isTest: true },
  })
  if (!delivery) throw notFound('No such webhook delivery')
  const db = await transactionDatabase(req)
  const table = sql.identifier(attemptLogTableName)
  // Whether its event is a test: put on the delivery read from the event log (`showEventData`).
  const isTest = delivery.isTest === true
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.execute<{
      id: number
      delivery_id: number
      attempt: number
      is_manual: boolean
      attempted_at: string
      duration_ms: number
      response_status: number | null
      response_body: string | null
      error: string | null
      signature: string | null
      request_headers: Record<string, string> | null
    }>(sql`
      SELECT * FROM ${table} WHERE delivery_id = ${deliveryId}
      ORDER BY id DESC LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`),
    db.execute<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM ${table} WHERE delivery_id = ${deliveryId}`,
    ),
  ])
  return {
    docs: rows.map((row) => ({
      id: row.id,
      deliveryId: row.delivery_id,
      attempt: row.attempt,
      trigger: attemptTrigger({ isManual: row.is_manual, isTest, attempt: row.attempt }),
      attemptedAt: new Date(row.attempted_at),
      durationMs: row.duration_ms,
      responseStatus: row.response_status,
      responseBody: row.response_body,
      error: row.error,
      signature: row.signature,
      requestHeaders: row.request_headers,
    })),
    page,
    perPage,
    total: counted[0]?.total ?? 0,
  }
}
