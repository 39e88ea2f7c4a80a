import { sql } from '@payloadcms/db-postgres'
import {
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
  type Payload,
} from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { emitBusinessEvent } from '../../hooks/emitBusinessEvent'
import { emitEvent } from '../../src/webhooks/operations/emitEvent'
import { getTestPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await getTestPayload()
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

describe('emitBusinessEvent', () => {
  const hooks = emitBusinessEvent<{ id: number; title: string; secret: string }>({
    created: 'article.created',
    updated: 'article.updated',
    deleted: 'article.deleted',
    toPayload: (doc) => ({ id: doc.id, title: doc.title }),
  })
  const doc = { id: 5, title: 'Hello', secret: 'not in the payload' }

  it('emits created, updated and deleted with the documented payload, and returns the doc', async () => {
    const req = await createLocalReq({}, payload)
    await initTransaction(req)
    const args = { doc, previousDoc: doc, req, context: {}, collection: {} as never }
    expect(await hooks.afterChange({ ...args, operation: 'create' } as never)).toBe(doc)
    await hooks.afterChange({ ...args, operation: 'update' } as never)
    await hooks.afterDelete({ doc, id: 5, req, context: {}, collection: {} as never } as never)
    await commitTransaction(req)
    for (const type of ['article.created', 'article.updated', 'article.deleted']) {
      expect(await outboxRows(type)).toEqual([{ type, data: { id: 5, title: 'Hello' } }])
    }
  })

  it('emits nothing when the change asks so through context.skipBusinessEvents', async () => {
    const req = await createLocalReq({}, payload)
    const context = { skipBusinessEvents: true }
    await hooks.afterChange({ doc, previousDoc: doc, req, context, operation: 'create' } as never)
    const only = emitBusinessEvent<typeof doc>({
      updated: 'product.updated',
      toPayload: () => ({}),
    })
    await only.afterChange({
      doc,
      previousDoc: doc,
      req,
      context: {},
      operation: 'create',
    } as never)
    await only.afterDelete({ doc, id: 5, req, context: {} } as never)
    expect(await outboxRows('product.updated')).toEqual([])
    expect(await outboxRows('article.created')).toHaveLength(1)
  })
})
