import { describe, expect, it } from 'vitest'

import { fieldErrorsOf, queryString, type ApiError } from './portalApi'

const fields = ['endpoint_url', 'events', 'headers', 'filter'] as const

const refusal = (overrides: Partial<ApiError>): ApiError => ({
  status: 400,
  code: 'validation_failed',
  message: 'Invalid input',
  details: [],
  invalidEvents: [],
  ...overrides,
})

describe('fieldErrorsOf', () => {
  it("puts each 400 detail beside the field its path starts with, keeping the path's rest", () => {
    const errors = fieldErrorsOf(
      refusal({
        details: [
          { field: 'filter', message: 'must be an object (a JSON object)' },
          { field: 'headers.X-Ok', message: 'must be text' },
          { field: 'colour', message: 'is not a field of an endpoint' },
        ],
      }),
      fields,
    )
    expect(errors).toEqual({
      filter: ['must be an object (a JSON object)'],
      headers: ['X-Ok: must be text'],
      '': ['colour: is not a field of an endpoint'],
    })
  })

  it("puts a refused address's reason, which names its field in the message, beside the URL", () => {
    const errors = fieldErrorsOf(
      refusal({
        code: 'bad_request',
        message:
          'endpoint_url: this address (10.0.0.1) is on a private network (10.x.x.x, 172.16.x.x to 172.31.x.x or 192.168.x.x) that this service does not send to: use a public address',
      }),
      fields,
    )
    expect(errors).toEqual({
      endpoint_url: [
        'this address (10.0.0.1) is on a private network (10.x.x.x, 172.16.x.x to 172.31.x.x or 192.168.x.x) that this service does not send to: use a public address',
      ],
    })
  })

  it("puts the 422's unknown or inactive names beside the events", () => {
    const errors = fieldErrorsOf(
      refusal({ status: 422, code: 'unprocessable_entity', invalidEvents: ['a.b', 'c.d'] }),
      fields,
    )
    expect(errors).toEqual({ events: ['Unknown or inactive event types: a.b, c.d.'] })
  })

  it('keeps what names no field of the form for the form as a whole', () => {
    const errors = fieldErrorsOf(
      refusal({ status: 403, code: 'forbidden', message: 'This portal session is read-only' }),
      fields,
    )
    expect(errors).toEqual({ '': ['This portal session is read-only'] })
  })
})

describe('queryString', () => {
  it('leaves out empty values and encodes the rest', () => {
    expect(queryString({ page: 2, status: '', since: '2026-01-15T09:30:00.000Z', x: null })).toBe(
      '?page=2&since=2026-01-15T09%3A30%3A00.000Z',
    )
    expect(queryString({ status: undefined })).toBe('')
  })
})
