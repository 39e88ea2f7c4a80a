import { describe, expect, it } from 'vitest'

import {
  describeNextAttempt,
  findNextAttempt,
  fromNextAttemptResource,
  toNextAttemptResource,
  type NextAttempt,
} from './nextAttempt'

const now = new Date('2026-11-27T12:45:00Z')
const minutes = (n: number) => new Date(now.getTime() + n * 60_000)
const healthy = { isActive: true, backoffUntil: null, failureCount: 0 }
const backingOff = { isActive: true, backoffUntil: minutes(24), failureCount: 3 }
/** Times written as the tests read them: ISO. */
const iso = (date: Date) => date.toISOString()
const say = (next: NextAttempt, attempts: number) =>
  describeNextAttempt(next, { attempts, formatTime: iso })

describe("a delivery's next attempt, told as it will happen", () => {
  it('comes when the back-off ends, never in the past, while the endpoint backs off', () => {
    // The case: failed, its retry due at 12:40, seen at 12:45, the endpoint paused until 13:09.
    const next = findNextAttempt({
      status: 'failed',
      nextAttemptAt: minutes(-5),
      endpoint: backingOff,
      now,
    })
    expect(next).toEqual({ at: minutes(24), reason: 'backing_off', endpointFailureCount: 3 })
    expect(say(next, 2)).toBe(
      `Next attempt after ${iso(minutes(24))}: the endpoint is backing off after 3 failures in a row.`,
    )
  })

  it('says why a pending delivery with no attempt has not been sent', () => {
    const held = findNextAttempt({
      status: 'pending',
      nextAttemptAt: now,
      endpoint: backingOff,
      now,
    })
    expect(say(held, 0)).toBe(
      `Not attempted yet. Next attempt after ${iso(minutes(24))}: the endpoint is backing off after 3 failures in a row.`,
    )
    const queued = findNextAttempt({
      status: 'pending',
      nextAttemptAt: now,
      endpoint: healthy,
      now,
    })
    expect(queued).toEqual({ at: now, reason: 'due', endpointFailureCount: 0 })
    expect(say(queued, 0)).toBe('Not attempted yet: queued, due now, waiting for a worker.')
  })

  it('keeps its own retry time when that comes after the back-off', () => {
    const next = findNextAttempt({
      status: 'failed',
      nextAttemptAt: minutes(30),
      endpoint: backingOff,
      now,
    })
    expect(next).toEqual({ at: minutes(30), reason: 'scheduled', endpointFailureCount: 3 })
    expect(say(next, 2)).toBe(`Attempt 3 at ${iso(minutes(30))}, by the retry schedule.`)
  })

  it('is due now, waiting for a worker, once its time has passed and nothing holds it', () => {
    const next = findNextAttempt({
      status: 'failed',
      nextAttemptAt: minutes(-5),
      endpoint: { ...healthy, backoffUntil: minutes(-1) },
      now,
    })
    expect(next).toEqual({ at: now, reason: 'due', endpointFailureCount: 0 })
    expect(say(next, 1)).toBe('Attempt 2 is due now, waiting for a worker.')
  })

  it('never comes for a delivered or given-up delivery, nor while the endpoint is off', () => {
    const endpoint = healthy
    const delivered = findNextAttempt({ status: 'succeeded', nextAttemptAt: null, endpoint, now })
    expect(delivered).toMatchObject({ at: null, reason: 'delivered' })
    expect(say(delivered, 1)).toBe('Delivered: no more attempts.')
    const dead = findNextAttempt({ status: 'dead', nextAttemptAt: minutes(-60), endpoint, now })
    expect(dead).toMatchObject({ at: null, reason: 'given_up' })
    expect(say(dead, 10)).toBe('No more attempts: given up after 10 attempts.')
    const off = findNextAttempt({
      status: 'failed',
      nextAttemptAt: minutes(-60),
      endpoint: { isActive: false, backoffUntil: null, failureCount: 100 },
      now,
    })
    expect(off).toMatchObject({ at: null, reason: 'endpoint_off' })
    expect(say(off, 4)).toBe(
      'No attempt while the endpoint is turned off: it is retried once the endpoint is turned on again.',
    )
    const sending = findNextAttempt({
      status: 'delivering',
      nextAttemptAt: minutes(1),
      endpoint,
      now,
    })
    expect(sending).toMatchObject({ at: null, reason: 'sending' })
    expect(say(sending, 3)).toBe('Attempt 3 is being sent now.')
  })

  it('says "failure" for one failure, and names no count it does not know', () => {
    const one = findNextAttempt({
      status: 'failed',
      nextAttemptAt: minutes(-1),
      endpoint: { ...backingOff, failureCount: 1 },
      now,
    })
    expect(say(one, 1)).toContain('after 1 failure in a row.')
    const queuedLater = findNextAttempt({
      status: 'pending',
      nextAttemptAt: minutes(2),
      endpoint: healthy,
      now,
    })
    expect(say(queuedLater, 0)).toBe(`Not attempted yet: queued for ${iso(minutes(2))}.`)
  })

  it('waits for the earlier event about the same object, with no time it cannot know', () => {
    // An ordered endpoint: the earlier event's delivery is being sent (or retried); this one,
    // due, was shown as "due now, waiting for a worker".
    const next = findNextAttempt({
      status: 'pending',
      nextAttemptAt: minutes(-1),
      endpoint: healthy,
      now,
      waitingFor: 41,
    })
    expect(next).toEqual({
      at: null,
      reason: 'waiting_for_earlier',
      endpointFailureCount: 0,
      waitingForDeliveryId: 41,
    })
    expect(say(next, 0)).toBe(
      'Not attempted yet: waits for delivery 41, an earlier event about the same object, to be delivered or given up (this endpoint receives events about one object in order).',
    )
    expect(toNextAttemptResource(next)).toMatchObject({ at: null, waiting_for_delivery_id: 41 })
    expect(fromNextAttemptResource(toNextAttemptResource(next))).toEqual(next)
    // The endpoint's back-off holds every delivery, this one too: that comes first.
    const paused = findNextAttempt({
      status: 'pending',
      nextAttemptAt: minutes(-1),
      endpoint: backingOff,
      now,
      waitingFor: 41,
    })
    expect(paused.reason).toBe('backing_off')
  })

  it('is paced by the rate limit while it is in use, from its next free slot', () => {
    const paced = findNextAttempt({
      status: 'pending',
      nextAttemptAt: minutes(-1),
      endpoint: { ...healthy, pacedFrom: minutes(2) },
      now,
    })
    expect(paced).toEqual({ at: minutes(2), reason: 'rate_limited', endpointFailureCount: 0 })
    expect(say(paced, 0)).toBe(
      `Not attempted yet: queued, sent in its turn from ${iso(minutes(2))} at the earliest, at the endpoint's rate limit.`,
    )
    // A slot free already: from now, never a time past.
    const freeSlot = findNextAttempt({
      status: 'failed',
      nextAttemptAt: minutes(-1),
      endpoint: { ...healthy, pacedFrom: minutes(-0.5) },
      now,
    })
    expect(freeSlot).toMatchObject({ at: now, reason: 'rate_limited' })
    expect(say(freeSlot, 2)).toBe(
      `Attempt 3 is due, sent in its turn from ${iso(now)} at the earliest, at the endpoint's rate limit.`,
    )
    // Its own later time comes first.
    expect(
      findNextAttempt({
        status: 'failed',
        nextAttemptAt: minutes(10),
        endpoint: { ...healthy, pacedFrom: minutes(2) },
        now,
      }),
    ).toMatchObject({ at: minutes(10), reason: 'scheduled' })
  })
})

describe('a held delivery', () => {
  it('has no next attempt while an administrator suspends its endpoint, even when it is turned off', () => {
    const now = new Date('2026-11-28T12:00:00Z')
    const held = findNextAttempt({
      status: 'pending',
      nextAttemptAt: now,
      endpoint: { isActive: false, isSuspended: true, backoffUntil: null, failureCount: 0 },
      now,
    })
    expect(held).toMatchObject({ at: null, reason: 'suspended' })
    expect(describeNextAttempt(held, { attempts: 0, formatTime: String })).toBe(
      'Not attempted yet: held while an administrator suspends the endpoint; it is sent when the suspension ends.',
    )
  })
})
