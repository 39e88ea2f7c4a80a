import pg, { type Pool, type PoolConfig } from 'pg'

/**
 * The claim's own connection: one (a worker claims once at a time), on the database of
 * `options` (the app's pool options), with `plan_cache_mode = force_generic_plan` set when it
 * connects. The claim is one prepared statement whose probes by id do not depend on how many
 * subscriptions it names; left to PostgreSQL's choice, a claim for one subscription was planned
 * anew on every run (its custom plan estimated cheaper than the generic one), 2 to 3 ms a claim:
 * one endpoint's backlog drained at 1,197 /s against 1,683 /s, and an idle queue's commit to
 * receipt took 6.1 ms against 3.6 (docs/benchmarks.md, section "One statement a claim"). Set on
 * its own connection, not the app's: the worker's scan, planned with its values, must not get a
 * generic plan (0.8 s a scan on a queue of 10,000), and a `SET LOCAL` needs a transaction, three
 * round trips a claim instead of one.
 *
 * A dropped idle connection is replaced at the next claim (the pool connects anew).
 */
export function openClaimPool(options: PoolConfig): Pool {
  const claimPool = new pg.Pool({
    ...options,
    max: 1,
    application_name: 'webhook-claim',
    options: [options.options, '-c plan_cache_mode=force_generic_plan'].filter(Boolean).join(' '),
  })
  // An idle connection's error (the server restarted): the pool drops it, the next claim
  // connects anew; a claim's own error reaches the worker's loop, which logs it.
  claimPool.on('error', () => {})
  return claimPool
}
