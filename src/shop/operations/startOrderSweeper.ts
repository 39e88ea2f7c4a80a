import type { Payload } from 'payload'

import { expireStaleOrders } from './expireStaleOrders'
import { configOf } from '@/config/appConfig'
import { postgres, type TransactionDb } from '@/db/transaction'
import { deleteExpiredCheckoutKeys } from '../idempotency/checkoutKeyStore'
import { pruneAuditLog } from '@/identity/operations/pruneAuditLog'
import { asSystem } from '@/runtime/systemActor'
import { startPeriodicLoop } from '@/runtime/periodicLoop'

/** A running sweeper of stale orders. */
export type OrderSweeper = {
  /** Stops sweeping; resolves once a sweep under way has finished. */
  stop: () => Promise<void>
  /** When the last sweep that completed without failing ended (undefined before the first). */
  lastSweepAt: () => Date | undefined
}

/**
 * One sweep: the stale orders (the system's writes in the audit trail), then the checkouts'
 * `Idempotency-Key`s past their 24 hours (a key is ignored from then on; this only keeps the
 * table small), then the audit log's entries past `AUDIT_RETENTION_DAYS`.
 */
async function sweepOnce(payload: Payload) {
  await asSystem('order sweeper', () => expireStaleOrders(payload))
  const db = postgres(payload).drizzle as unknown as TransactionDb
  await deleteExpiredCheckoutKeys(db)
  await pruneAuditLog(db, configOf(payload).identity.auditRetentionDays)
}

/**
 * Runs `expireStaleOrders` (and the deletion of expired checkout keys) at once and then `intervalMs` after each sweep ends (default
 * `ORDER_SWEEP_INTERVAL_SECONDS`, 60 s), so sweeps of one process never overlap; several
 * processes may run one each (each order is claimed by one of them). A failed sweep is logged,
 * never thrown, and the next one runs on schedule. The timer does not keep the process alive.
 */
export function startOrderSweeper(
  payload: Payload,
  options: { intervalMs?: number } = {},
): OrderSweeper {
  const loop = startPeriodicLoop({
    name: 'Sweep of stale orders',
    intervalMs: options.intervalMs ?? configOf(payload).orderSweep.intervalSeconds * 1000,
    runAtStart: true,
    pass: () => sweepOnce(payload),
    logError: (msg, err) => payload.logger.error({ msg, err }),
  })
  return { stop: loop.stop, lastSweepAt: loop.lastSuccessAt }
}
