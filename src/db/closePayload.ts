import type { Payload } from 'payload'

/**
 * Shuts a Payload instance down before its database server may stop. `payload.destroy()` leaves
 * the PostgreSQL pool open, and the adapter keeps one client checked out for its whole life, so
 * `pool.end()` never settles: idle clients are closed, and the connections the server closes
 * later (as the embedded one does right after a script) must not crash the process.
 */
export async function closePayload(payload: Payload) {
  await payload.destroy()
  const pool = payload.db.pool
  if (!pool) return
  pool.on('error', () => {})
  void pool.end()
}
