import { describe, expect, it } from 'vitest'

import { errorBody } from './envelopes'
import { HttpError } from './errors'

const invalid = new HttpError({
  code: 'validation_failed',
  message: 'Invalid input',
  details: [
    { field: 'items', message: 'must not be empty' },
    { field: 'email', message: 'is not an e-mail address' },
  ],
})
const unknownEvents = new HttpError({
  code: 'unprocessable_entity',
  message: 'Unknown event types',
  extra: { invalid_events: ['order.exploded'] },
})

describe('errorBody', () => {
  it('answers resource endpoints with { error: { code, message, details } }', () => {
    expect(errorBody('resource', invalid)).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Invalid input',
        details: [
          { field: 'items', message: 'must not be empty' },
          { field: 'email', message: 'is not an e-mail address' },
        ],
      },
    })
    expect(
      errorBody('resource', new HttpError({ code: 'not_found', message: 'No such article' })),
    ).toEqual({ error: { code: 'not_found', message: 'No such article' } })
  })

  it('answers custom endpoints with { error: "<message>" }', () => {
    expect(errorBody('custom', invalid)).toEqual({ error: 'Invalid input' })
  })

  it('answers authenticated-style endpoints with one { message } per problem', () => {
    expect(errorBody('errors', invalid)).toEqual({
      errors: [
        { message: 'items: must not be empty' },
        { message: 'email: is not an e-mail address' },
      ],
    })
    expect(
      errorBody('errors', new HttpError({ code: 'forbidden', message: 'Admins only' })),
    ).toEqual({ errors: [{ message: 'Admins only' }] })
  })

  it('keeps extra members such as invalid_events beside the envelope', () => {
    expect(errorBody('resource', unknownEvents)).toEqual({
      error: { code: 'unprocessable_entity', message: 'Unknown event types' },
      invalid_events: ['order.exploded'],
    })
    expect(errorBody('custom', unknownEvents)).toEqual({
      error: 'Unknown event types',
      invalid_events: ['order.exploded'],
    })
  })
})
