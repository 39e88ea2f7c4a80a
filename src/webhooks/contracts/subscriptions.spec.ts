import { describe, expect, it } from 'vitest'

import type { HttpError } from '@/http/errors'
import { parseInput } from '@/http/parseInput'
import { createSubscriptionInput, updateSubscriptionInput } from './subscriptions'

/** The messages of the 400 a body gets, by field. */
function refusalOf(
  schema: typeof createSubscriptionInput | typeof updateSubscriptionInput,
  body: unknown,
) {
  try {
    parseInput(schema, body)
  } catch (error) {
    const { message, details = [] } = error as HttpError
    return { message, byField: Object.fromEntries(details.map((d) => [d.field, d.message])) }
  }
  throw new Error('the body was accepted')
}

describe('a subscription refused, in the words of the person who wrote it', () => {
  it('asks for at least one event type and for the full address', () => {
    const refused = refusalOf(createSubscriptionInput, { endpoint_url: '', events: [] })
    expect(refused.byField).toEqual({
      endpoint_url: 'enter the full address of your receiver, starting with https://',
      events: 'choose at least one event type (or * for all)',
    })
    expect(refused.message).toContain('events: choose at least one event type (or * for all)')
    expect(refused.message).not.toMatch(/Too small|expected|absolute http\(s\)/)
  })

  it('shows how an address is written when the one given is not one', () => {
    for (const endpoint_url of ['receiver.example.com/hook', 'ftp://example.com/hook']) {
      expect(refusalOf(updateSubscriptionInput, { endpoint_url }).byField).toEqual({
        endpoint_url:
          'enter the full address, starting with https:// (for example https://example.com/webhooks)',
      })
    }
  })
})
