import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { toHttpError } from '../../src/http/toHttpError'
import { getTestPayload } from '../helpers/payload'

let payload: Payload

beforeAll(async () => {
  payload = await getTestPayload()
})

/** What the Local API really throws for `operation`, as the HTTP layer would answer it. */
async function answerTo(operation: () => Promise<unknown>) {
  try {
    await operation()
  } catch (error) {
    return toHttpError(error)
  }
  throw new Error('the operation was expected to fail')
}

describe('errors of the Local API, as the HTTP layer answers them', () => {
  it('a duplicate unique value is 409 conflict naming the field', async () => {
    await payload.create({
      collection: 'users',
      data: { email: 'twice@example.com', password: 'pw-123456', role: 'customer' },
    })
    const error = await answerTo(() =>
      payload.create({
        collection: 'users',
        data: { email: 'twice@example.com', password: 'x', role: 'customer' },
      }),
    )
    expect(error).toMatchObject({ status: 409, code: 'conflict' })
    expect(error.details?.map((detail) => detail.field)).toEqual(['email'])
  })

  it('a reference to a record that does not exist is 422', async () => {
    const error = await answerTo(() =>
      payload.create({
        collection: 'audit-log',
        data: { action: 'x', user: 987654, timestamp: new Date().toISOString() },
      }),
    )
    expect(error).toMatchObject({ status: 422, code: 'unprocessable_entity' })
  })

  it('a missing required field is 400 validation_failed with details', async () => {
    const error = await answerTo(() =>
      payload.create({ collection: 'consumers', data: { name: 'No e-mail' } as never }),
    )
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' })
    expect(error.details?.map((detail) => detail.field)).toEqual(['email'])
  })

  it('a missing record is 404', async () => {
    const error = await answerTo(() => payload.findByID({ collection: 'users', id: 987654 }))
    expect(error).toMatchObject({ status: 404, code: 'not_found' })
  })

  it('denied access is 403', async () => {
    const error = await answerTo(() =>
      payload.find({ collection: 'audit-log', overrideAccess: false, user: null }),
    )
    expect(error).toMatchObject({ status: 403, code: 'forbidden' })
  })

  it('anything unexpected is a 500 that reveals nothing', () => {
    const error = toHttpError(new Error('connection to 10.0.0.5 refused, password=hunter2'))
    expect(error).toMatchObject({ status: 500, code: 'internal_error' })
    expect(error.message).toBe('Internal server error')
  })
})
