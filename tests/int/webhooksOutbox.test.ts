import { sql } from '@payloadcms/db-postgres'
import {
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
  type Payload,
} from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { emitEvent } from '../../hooks/emitBusinessEvent'

let payload: Payload

beforeAll(async () => {
  payload = await (await import('../helpers/payload')).getTestPayload()
})

async function outboxRows(type: string) {
  const { rows } = await payload.db.drizzle.execute(
    sql`SELECT type, data FROM webhook_outbox WHERE type = ${type}`,
  )
  return rows
}

describe('emitEvent', () => {
  it("writes the outbox row in the caller's transaction: kept on commit", async () => {
    const req = await createLocalReq({}, payload)
    await initTransaction(req)
    await emitEvent({ req, type: 'order.created', data: { id: 1, status: 'pending' } })
    expect(await outboxRows('order.created')).toEqual([])
    await commitTransaction(req)
    expect(await outboxRows('order.created')).toEqual([
      { type: 'order.created', data: { id: 1, status: 'pending' } },
    ])
  })

  it('leaves nothing behind when the transaction rolls back', async () => {
    const req = await createLocalReq({}, payload)
    await initTransaction(req)
    await emitEvent({ req, type: 'order.paid', data: { id: 2 } })
    await killTransaction(req)
    expect(await outboxRows('order.paid')).toEqual([])
  })
})
