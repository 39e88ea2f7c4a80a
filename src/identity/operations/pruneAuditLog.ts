import { sql } from '@payloadcms/db-postgres'

import type { TransactionDb } from '@/db/transaction'
import { auditLogTableName } from './recordAudit'

/**
 * Deletes the audit log's entries older than `retentionDays` (`AUDIT_RETENTION_DAYS`), by SQL:
 * the collection refuses deletions through Payload, admins included, and no route reaches this.
 * Run by the order sweeper; returns how many went.
 */
export async function pruneAuditLog(db: TransactionDb, retentionDays: number): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(sql`
    WITH gone AS (
      DELETE FROM ${sql.identifier(auditLogTableName)}
       WHERE timestamp < now() - make_interval(days => ${retentionDays})
       RETURNING 1)
    SELECT count(*)::integer AS count FROM gone`)
  return rows[0]?.count ?? 0
}
