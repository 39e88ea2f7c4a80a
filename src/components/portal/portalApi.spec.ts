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
          { field: 'filter', message: 'Invalid input: expected record, received array' },
          { field: 'headers.X-Ok', message: 'Invalid input: expected string, received number' },
          { field: 'colour', message: 'Unrecognized key' },
        ],
      }),
      fields,
    )
    expect(errors).toEqual({
      filter: ['Invalid input: expected record, received array'],
      headers: ['X-Ok: Invalid input: expected string, received number'],
      '': ['colour: Unrecognized key'],
    })
  })

  it("puts a refused address's reason, which names its field in the message, beside the URL", () => {
    const errors = fieldErrorsOf(
      refusal({
        code: 'bad_request',
        message: 'endpoint_url: 10.0.0.1 resolves to 10.0.0.1, an address webhooks may not reach',
      }),
      fields,
    )
    expect(errors).toEqual({
      endpoint_url: ['10.0.0.1 resolves to 10.0.0.1, an address webhooks may not reach'],
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
