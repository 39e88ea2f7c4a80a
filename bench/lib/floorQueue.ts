import type pg from 'pg'
import { Agent, request } from 'undici'

import { buildDeliveryRequest } from '../../src/webhooks/deliveryRequest'
import { generateSecret } from '../../src/webhooks/secret'
import { sendDelivery } from '../../src/webhooks/worker/sendDelivery'

/**
 * Queues far simpler than the delivery engine, run against the same receiver with the same
 * signed requests, so that the engine's rate has a floor to be held against on the machine it
 * runs on (`bench:webhooks` runs the least queue with the engine's send in turn with the engine;
 * `bench:webhooks:floor` runs every design below beside the undici ceiling).
 *
 * A round fills the queue with `deliveries` rows across `subscriptions`, then claims up to
 * `claimSize` at a time (one claim at a time, `FOR UPDATE SKIP LOCKED`, the lease written in the
 * same statement), keeps `inFlight` sends going, and records each batch of outcomes in one
 * statement, until every delivery is recorded. Nothing else the engine does: no per-endpoint
 * cap, back-off, ordering, filters, fencing of stale outcomes, attempt log, subscription
 * counters, transactions of several statements.
 */

/** A way of keeping the queue: its tables, and the statements a round runs. */
export type FloorDesign = {
  name: string
  tables: string
  /** Empties the queue's tables. */
  truncate: string
  /** Gives the planner the filled queue's statistics. */
  analyze: string
  /** Fills the queue with `$1` deliveries across `$2` subscriptions. */
  fill: string
  /** Claims up to `$1` deliveries: returns id, subscription, body. */
  claim: string
  /** Records the outcomes of the ids `$1`. */
  outcome: string
  /** Counts the deliveries recorded. */
  recorded: string
}

/**
 * The least queue: one narrow row per delivery (id, subscription, body, lease) with its primary
 * key only; each outcome batch one statement that deletes the rows and inserts them into a log.
 * With the engine's send, the most any engine built on that send could reach here.
 */
export const leastQueue: FloorDesign = {
  name: 'least queue: narrow rows, primary key only, deleted when done',
  tables: `CREATE TABLE IF NOT EXISTS floor_queue (id bigint PRIMARY KEY, subscription int NOT NULL,
      body text NOT NULL, lease_until timestamptz) WITH (fillfactor = 70);
    CREATE TABLE IF NOT EXISTS floor_log (id bigint NOT NULL, subscription int NOT NULL,
      status smallint NOT NULL, attempted_at timestamptz NOT NULL DEFAULT now());`,
  truncate: `TRUNCATE floor_queue, floor_log`,
  analyze: `ANALYZE floor_queue`,
  fill: `INSERT INTO floor_queue (id, subscription, body)
    SELECT n, n % $2, json_build_object('id', n)::text FROM generate_series(1, $1) AS n`,
  claim: `UPDATE floor_queue SET lease_until = now() + interval '30 seconds'
    WHERE id = ANY (ARRAY(
      SELECT id FROM floor_queue WHERE lease_until IS NULL OR lease_until < now()
      ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED))
    RETURNING id, subscription, body`,
  outcome: `WITH gone AS (DELETE FROM floor_queue WHERE id = ANY ($1::bigint[])
      RETURNING id, subscription)
    INSERT INTO floor_log (id, subscription, status) SELECT id, subscription, 200 FROM gone`,
  recorded: `SELECT count(*)::int AS n FROM floor_log`,
}

/**
 * The engine's delivery table before issue 34: every delivery a row that a claim and an outcome
 * update, its status in the predicates of the claim's partial indexes (so neither update is
 * HOT), six indexes in all.
 */
export const logAsQueue: FloorDesign = {
  name: "the log as the queue: status in the indexes' predicates, six indexes",
  tables: `CREATE TABLE IF NOT EXISTS floor_log_queue (id bigint PRIMARY KEY,
      subscription int NOT NULL, event_id uuid NOT NULL DEFAULT gen_random_uuid(),
      body text NOT NULL, status text NOT NULL DEFAULT 'pending', attempts int NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(), lease_until timestamptz,
      last_response_status int, created_at timestamptz NOT NULL DEFAULT now());
    CREATE UNIQUE INDEX IF NOT EXISTS floor_log_queue_event ON floor_log_queue (event_id, subscription);
    CREATE INDEX IF NOT EXISTS floor_log_queue_subscription ON floor_log_queue (subscription);
    CREATE INDEX IF NOT EXISTS floor_log_queue_created ON floor_log_queue (created_at);
    CREATE INDEX IF NOT EXISTS floor_due ON floor_log_queue (next_attempt_at)
      WHERE status IN ('pending', 'failed', 'delivering');
    CREATE INDEX IF NOT EXISTS floor_log_queue_delivering ON floor_log_queue (subscription)
      WHERE status = 'delivering';`,
  truncate: `TRUNCATE floor_log_queue`,
  analyze: `ANALYZE floor_log_queue`,
  fill: `INSERT INTO floor_log_queue (id, subscription, body)
    SELECT n, n % $2, json_build_object('id', n)::text FROM generate_series(1, $1) AS n`,
  claim: `UPDATE floor_log_queue SET status = 'delivering', attempts = attempts + 1,
      lease_until = now() + interval '30 seconds', next_attempt_at = now() + interval '30 seconds'
    WHERE id = ANY (ARRAY(
      SELECT id FROM floor_log_queue
      WHERE status IN ('pending', 'failed', 'delivering') AND next_attempt_at <= now()
      ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED))
    RETURNING id, subscription, body`,
  outcome: `UPDATE floor_log_queue SET status = 'succeeded', lease_until = NULL,
      next_attempt_at = now(), last_response_status = 200
    WHERE id = ANY ($1::bigint[]) AND status = 'delivering'`,
  recorded: `SELECT count(*)::int AS n FROM floor_log_queue WHERE status = 'succeeded'`,
}

/**
 * The same statements on a table shaped as the engine's `webhook_deliveries`: its columns (text
 * ids, numeric counters) and its seven indexes, and an eighth for this claim, which takes the
 * first due deliveries of all subscriptions rather than a share of each.
 */
export const engineShapedLog: FloorDesign = {
  name: "the log as the queue, the engine's columns and indexes",
  tables: `DO $$ BEGIN
      CREATE TYPE floor_status AS ENUM ('pending', 'delivering', 'failed', 'succeeded', 'dead');
    EXCEPTION WHEN duplicate_object THEN NULL; END $$;
    CREATE TABLE IF NOT EXISTS floor_engine (id serial PRIMARY KEY, subscription_id varchar NOT NULL,
      event_id varchar NOT NULL DEFAULT gen_random_uuid()::text, event_type varchar NOT NULL,
      occurred_at timestamptz(3) NOT NULL DEFAULT now(), body text NOT NULL,
      status floor_status NOT NULL DEFAULT 'pending', attempts numeric DEFAULT 0,
      next_attempt_at timestamptz(3) DEFAULT now(), lease_expires_at timestamptz(3),
      last_attempt_at timestamptz(3), last_response_status numeric,
      last_response_body varchar, last_error varchar, duration_ms numeric,
      updated_at timestamptz(3) NOT NULL DEFAULT now(),
      created_at timestamptz(3) NOT NULL DEFAULT now(), event_seq bigint,
      ordering_key varchar(200), is_manual boolean NOT NULL DEFAULT false);
    CREATE INDEX IF NOT EXISTS floor_engine_created ON floor_engine (created_at);
    CREATE INDEX IF NOT EXISTS floor_engine_due ON floor_engine (subscription_id, next_attempt_at)
      WHERE status IN ('pending', 'failed', 'delivering');
    CREATE UNIQUE INDEX IF NOT EXISTS floor_engine_event ON floor_engine (event_id, subscription_id);
    CREATE INDEX IF NOT EXISTS floor_engine_delivering ON floor_engine (subscription_id)
      WHERE status = 'delivering';
    CREATE INDEX IF NOT EXISTS floor_engine_ordering ON floor_engine
      (subscription_id, ordering_key, event_seq)
      WHERE ordering_key IS NOT NULL AND status IN ('pending', 'failed', 'delivering');
    CREATE INDEX IF NOT EXISTS floor_engine_subscription ON floor_engine (subscription_id);
    CREATE INDEX IF NOT EXISTS floor_engine_next ON floor_engine (next_attempt_at)
      WHERE status IN ('pending', 'failed', 'delivering');`,
  truncate: `TRUNCATE floor_engine`,
  analyze: `ANALYZE floor_engine`,
  fill: `INSERT INTO floor_engine (id, subscription_id, event_type, body)
    SELECT n, md5((n % $2)::text)::uuid::text, 'order.paid', json_build_object('id', n)::text
    FROM generate_series(1, $1) AS n`,
  claim: `UPDATE floor_engine d SET status = 'delivering', attempts = coalesce(d.attempts, 0) + 1,
      last_attempt_at = now(), lease_expires_at = now() + interval '30 seconds',
      next_attempt_at = now() + interval '30 seconds'
    WHERE id = ANY (ARRAY(
      SELECT id FROM floor_engine
      WHERE status IN ('pending', 'failed', 'delivering') AND next_attempt_at <= now()
      ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED))
    RETURNING id, subscription_id AS subscription, body`,
  outcome: `UPDATE floor_engine SET status = 'succeeded', lease_expires_at = NULL,
      next_attempt_at = NULL, last_response_status = 200, last_response_body = '',
      duration_ms = 1, is_manual = false, updated_at = now()
    WHERE id = ANY ($1::int[]) AND status = 'delivering'`,
  recorded: `SELECT count(*)::int AS n FROM floor_engine WHERE status = 'succeeded'`,
}

export type FloorQueueOptions = {
  /** A pool on the database that holds the floor's tables (created by `createTables`). */
  pool: pg.Pool
  /** The receiver; each delivery goes to `/floor/<subscription>` under it. */
  receiverUrl: string
  deliveries: number
  subscriptions: number
  inFlight: number
  claimSize: number
}

/**
 * The floor's queues on `options.pool`'s database. `round(design, isEngineSend)` runs one round
 * and returns its rate per second, after checking that every delivery was recorded.
 */
export function floorQueue(options: FloorQueueOptions) {
  const { pool, receiverUrl, deliveries, subscriptions, inFlight, claimSize } = options
  const secret = generateSecret()
  /** The engine's settings for `sendDelivery`: one set of allowed ranges (its HTTP agent is kept per set). */
  const sendSettings = {
    retrySchedule: [60_000],
    allowedAddressRanges: new Set(['loopback'] as const),
  }

  const createTables = async (designs: FloorDesign[]) => {
    for (const design of designs) await pool.query(design.tables)
  }

  /**
   * One round of the queue: fill it, then claim, send and record until it is empty. The rate
   * counts from the first claim, after the fill and a `VACUUM ANALYZE`; with `isFillCounted`,
   * from the fill's `INSERT` (then an `ANALYZE` of the queue's table, no vacuum), as the engine's rate counts
   * from its events' commit, fan-out included. `around` wraps the part the rate counts (to
   * measure its CPU or statements).
   */
  async function round(
    design: FloorDesign,
    isEngineSend = false,
    counted: {
      isFillCounted?: boolean
      around?: <T>(run: () => Promise<T>) => Promise<T>
    } = {},
  ): Promise<number> {
    const fill = async () => {
      await pool.query(design.fill, [deliveries, subscriptions])
      await pool.query(counted.isFillCounted ? design.analyze : `VACUUM ANALYZE`)
    }
    await pool.query(design.truncate)
    if (!counted.isFillCounted) await fill()
    const agent = new Agent({ connections: 64, keepAliveTimeout: 10_000 })
    const waiting: { id: string; subscription: string | number; body: string }[] = []
    const done: string[] = []
    let sending = 0
    let recorded = 0
    let isClaiming = false
    let isFlushing = false
    let isEmpty = false
    let failure: unknown
    let finish!: () => void
    const finished = new Promise<void>((resolve) => (finish = resolve))
    const fail = (error: unknown) => {
      failure ??= error
      finish()
    }
    const statementName = design.name.replace(/\W+/g, '-').slice(0, 40)

    const claim = async () => {
      if (isClaiming || isEmpty || waiting.length + sending >= inFlight + claimSize / 2) return
      isClaiming = true
      const { rows } = await pool.query({
        name: `floor-claim-${statementName}`,
        text: design.claim,
        values: [claimSize],
      })
      isClaiming = false
      if (!rows.length) isEmpty = true
      waiting.push(...rows)
      pump()
    }
    const flush = async () => {
      if (isFlushing || !done.length) return
      isFlushing = true
      const batch = done.splice(0)
      await pool.query({
        name: `floor-outcome-${statementName}`,
        text: design.outcome,
        values: [batch],
      })
      isFlushing = false
      recorded += batch.length
      if (recorded >= deliveries) finish()
      else void flush().catch(fail)
    }
    const send = async (row: { id: string; subscription: string | number; body: string }) => {
      const path = `${receiverUrl}/floor/${String(row.subscription).slice(0, 8)}`
      let status: number
      if (isEngineSend) {
        // The engine's own send: signing with the subscription's secrets, the address policy,
        // the deadline over the whole exchange, the capped body, the verdict and the next step.
        const outcome = await sendDelivery(
          {
            id: Number(row.id),
            eventId: `evt_${row.id}`,
            eventType: 'order.paid',
            payload: JSON.parse(row.body),
            occurredAt: new Date(),
            attempt: 1,
            isManual: false,
            isTest: false,
            subscriptionId: String(row.subscription),
            endpointUrl: path,
            secret,
            secretOld: null,
            secretRotatedAt: null,
            secretOlder: null,
            secretOlderValidUntil: null,
            headers: {},
            timeoutSeconds: 10,
            leaseExpiresAt: new Date(Date.now() + 30_000),
          },
          sendSettings,
        )
        status = outcome.responseStatus ?? 0
      } else {
        const { body, headers } = buildDeliveryRequest({
          eventId: `evt_${row.id}`,
          type: 'order.paid',
          occurredAt: new Date(),
          data: JSON.parse(row.body),
          secrets: [secret],
          now: new Date(),
        })
        const response = await request(path, { method: 'POST', headers, body, dispatcher: agent })
        await response.body.text()
        status = response.statusCode
      }
      if (status !== 200) throw new Error(`delivery ${row.id}: HTTP ${status}`)
      done.push(row.id)
      sending--
      void flush().catch(fail)
      pump()
    }
    const pump = () => {
      while (sending < inFlight && waiting.length) {
        sending++
        void send(waiting.shift()!).catch(fail)
      }
      void claim().catch(fail)
    }
    const around = counted.around ?? (<T>(run: () => Promise<T>) => run())
    const rate = await around(async () => {
      const started = performance.now()
      if (counted.isFillCounted) await fill()
      pump()
      await finished
      return deliveries / ((performance.now() - started) / 1000)
    })
    await agent.close()
    if (failure) throw failure
    const { rows } = await pool.query<{ n: number }>(design.recorded)
    if (rows[0]!.n !== deliveries) throw new Error(`${design.name}: ${rows[0]!.n} recorded`)
    return rate
  }

  return { createTables, round }
}
