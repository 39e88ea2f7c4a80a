import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { consumerWithKey, userWithToken } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'

let payload: Payload

beforeAll(async () => {
  payload = await getTestPayload()
})

const login = (email: string, password: string, address: string) =>
  restJson('POST', '/api/users/login', {
    headers: { 'x-forwarded-for': address },
    body: { email, password },
  })

describe('guessing passwords', () => {
  it('gets 429s from one address after 30 attempts, whatever the accounts', async () => {
    const statuses: number[] = []
    for (let n = 0; n < 40; n++) {
      const response = await login(`nobody-${n}@example.com`, 'guess', '192.0.2.10')
      statuses.push(response.status)
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
        expect(response.body).toEqual({ errors: [{ message: expect.stringMatching(/Too many/) }] })
      }
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(30)
    expect(statuses.slice(30)).toEqual(Array(10).fill(429))
  })

  it('at one account from one address is stopped after 5, and never locks its owner out', async () => {
    const admin = await userWithToken(payload, 'admin')
    const attacker = '192.0.2.20'
    const guesses: number[] = []
    for (let n = 0; n < 12; n++)
      guesses.push((await login(admin.email, `guess-${n}`, attacker)).status)
    expect(guesses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)])
    // Even the right password is throttled from the attacker's address...
    expect((await login(admin.email, admin.password, attacker)).status).toBe(429)
    // ...while the admin, elsewhere, signs in at once.
    const own = await login(admin.email, admin.password, '192.0.2.21')
    expect(own.status).toBe(200)
    expect(own.body.token).toEqual(expect.any(String))
  })

  it('clears an address’s failures on that account with a successful login', async () => {
    const user = await userWithToken(payload, 'customer')
    const address = '192.0.2.30'
    for (let n = 0; n < 4; n++) expect((await login(user.email, 'wrong', address)).status).toBe(401)
    expect((await login(user.email, user.password, address)).status).toBe(200)
    for (let n = 0; n < 4; n++) expect((await login(user.email, 'wrong', address)).status).toBe(401)
  })

  it('through forgot-password counts against the same address budget', async () => {
    const address = '192.0.2.40'
    const statuses: number[] = []
    for (let n = 0; n < 32; n++) {
      const response = await restJson('POST', '/api/users/forgot-password', {
        headers: { 'x-forwarded-for': address },
        body: { email: `someone-${n}@example.com` },
      })
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true)
    expect(statuses.slice(30)).toEqual([429, 429])
  })
})

describe('guessing API keys', () => {
  it('gets 429s from one address after 30 invalid ones, while a valid key still works', async () => {
    const { apiKey } = await consumerWithKey(payload, 'Throttled consumer')
    const address = '192.0.2.50'
    const statuses: number[] = []
    for (let n = 0; n < 32; n++) {
      const response = await restJson('GET', '/api/v1/me', {
        headers: { 'x-api-key': `guess-${n}`, 'x-forwarded-for': address },
      })
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401))
    expect(statuses.slice(30)).toEqual([429, 429])
    const valid = await restJson('GET', '/api/v1/me', {
      headers: { 'x-api-key': apiKey, 'x-forwarded-for': address },
    })
    expect(valid.status).toBe(200)
  })
})

describe('the integrator portal', () => {
  const site = { host: 'localhost:3000', origin: 'http://localhost:3000' }

  it("lets a portal left idle call as much as it likes without locking its address's logins", async () => {
    const { apiKey } = await consumerWithKey(payload, 'Idle portal')
    const link = await restJson('POST', '/webhooks/portal-sessions', {
      headers: { 'x-api-key': apiKey },
    })
    const token = new URL(link.body.url).hash.replace('#token=', '')
    const address = '192.0.2.60'
    const opened = await restJson('POST', '/webhooks/portal-sessions/exchange', {
      headers: { ...site, 'x-forwarded-for': address },
      body: { token },
    })
    const cookie = opened.headers.get('set-cookie')!.split(';')[0]!
    const out = await restJson('DELETE', '/webhooks/portal-sessions/current', {
      headers: { ...site, cookie, 'x-forwarded-for': address },
    })
    expect(out.status).toBe(204)
    // Every page of the ended session asks again: 40 calls, each a 401, none a 429.
    for (let n = 0; n < 40; n++) {
      const call = await restJson('GET', '/webhooks/subscriptions', {
        headers: { ...site, cookie, 'x-forwarded-for': address },
      })
      expect(call.status).toBe(401)
    }
    const user = await userWithToken(payload, 'customer')
    expect((await login(user.email, user.password, address)).status).toBe(200)
  })

  it('answers 429 to an address that keeps opening links that open nothing', async () => {
    const statuses: number[] = []
    for (let n = 0; n < 35; n++) {
      const answer = await restJson('POST', '/webhooks/portal-sessions/exchange', {
        headers: { ...site, 'x-forwarded-for': '192.0.2.61' },
        body: { token: `${'A'.repeat(40)}${String(n).padStart(3, '0')}` },
      })
      statuses.push(answer.status)
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401))
    expect(statuses.slice(30)).toEqual(Array(5).fill(429))
  })
})
