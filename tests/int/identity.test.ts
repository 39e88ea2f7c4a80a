import { jwtSign, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { consumerWithKey, userWithToken } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'
import { handInConfig } from '../helpers/testConfig'

let payload: Payload

beforeAll(async () => {
  payload = await getTestPayload()
})

describe('users', () => {
  it('makes the first account an admin and every later sign-up a customer', async () => {
    // Runs first in this file: its database starts without users.
    expect((await payload.count({ collection: 'users' })).totalDocs).toBe(0)
    const first = await restJson('POST', '/api/users/first-register', {
      body: { email: 'first@example.com', password: 'first-password', role: 'customer' },
    })
    expect(first.status).toBe(200)
    expect(first.body.user.role).toBe('admin')

    const signup = await restJson('POST', '/api/users', {
      body: { email: 'mallory@example.com', password: 'mallory-password', role: 'admin' },
    })
    expect(signup.status).toBe(201)
    expect(signup.body.doc.role).toBe('customer')
  })

  it('logs in with e-mail and password and authenticates with the Bearer token', async () => {
    const { token, user } = await userWithToken(payload, 'editor')
    const me = await restJson('GET', '/api/v1/me', {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(me.status).toBe(200)
    expect(me.body.data).toMatchObject({ id: user.id, type: 'user', role: 'editor' })
  })

  it('refuses a wrong password', async () => {
    const { email } = await userWithToken(payload, 'customer')
    const login = await restJson('POST', '/api/users/login', {
      body: { email, password: 'not-the-password' },
    })
    expect(login.status).toBe(401)
    expect(login.body.token).toBeUndefined()
  })
})

describe('API consumers', () => {
  it('authenticate with X-API-Key', async () => {
    const { consumer, apiKey } = await consumerWithKey(payload)
    const me = await restJson('GET', '/api/v1/me', { headers: { 'x-api-key': apiKey } })
    expect(me.status).toBe(200)
    expect(me.body.data).toMatchObject({ id: consumer.id, type: 'consumer', name: consumer.name })
    expect(consumer.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  })

  it("authenticate with Payload's own `Authorization: consumers API-Key`", async () => {
    const { consumer, apiKey } = await consumerWithKey(payload)
    const me = await restJson('GET', '/api/v1/me', {
      headers: { authorization: `consumers API-Key ${apiKey}` },
    })
    expect(me.status).toBe(200)
    expect(me.body.data.id).toBe(consumer.id)
  })

  it('never store the key as plain text', async () => {
    const { consumer, apiKey } = await consumerWithKey(payload)
    const { rows } = await payload.db.pool.query('SELECT * FROM consumers WHERE id = $1', [
      consumer.id,
    ])
    expect(JSON.stringify(rows)).not.toContain(apiKey)
  })

  it('authenticate with the key from configuration (API_KEY) as its own consumer', async () => {
    const restore = handInConfig(payload, { API_KEY: 'configured-key-for-tests-0123456789' })
    try {
      const me = await restJson('GET', '/api/v1/me', {
        headers: { 'x-api-key': 'configured-key-for-tests-0123456789' },
      })
      expect(me.status).toBe(200)
      expect(me.body.data).toMatchObject({ type: 'consumer', name: 'Configured API key' })
      const again = await restJson('GET', '/api/v1/me', {
        headers: { 'x-api-key': 'configured-key-for-tests-0123456789' },
      })
      expect(again.body.data.id).toBe(me.body.data.id)
      const nearMiss = await restJson('GET', '/api/v1/me', {
        headers: { 'x-api-key': 'configured-key-for-tests-012345678' },
      })
      expect(nearMiss.status).toBe(401)
    } finally {
      restore()
    }
  })
})

describe('credentials that do not authenticate', () => {
  const unauthorized = { error: { code: 'unauthorized', message: expect.any(String) } }

  it('answer 401 in the resource envelope for a wrong key', async () => {
    const me = await restJson('GET', '/api/v1/me', { headers: { 'x-api-key': 'no-such-key' } })
    expect(me.status).toBe(401)
    expect(me.body).toEqual(unauthorized)
  })

  it('answer 401 without any credentials', async () => {
    const me = await restJson('GET', '/api/v1/me')
    expect(me.status).toBe(401)
    expect(me.body).toEqual(unauthorized)
  })

  it('answer 401 for a tampered token', async () => {
    const { token } = await userWithToken(payload, 'editor')
    const [header, claims, signature] = token.split('.')
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(claims!, 'base64url').toString()),
        role: 'admin',
      }),
    ).toString('base64url')
    // The signature's first character carries six whole bits; its last one carries four and two
    // that decoders ignore, so changing the tail can leave the signature's bytes as they were.
    const flipped = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`
    for (const tampered of [`${header}.${forged}.${signature}`, `${header}.${claims}.${flipped}`]) {
      const me = await restJson('GET', '/api/v1/me', {
        headers: { authorization: `Bearer ${tampered}` },
      })
      expect(me.status).toBe(401)
      expect(me.body).toEqual(unauthorized)
    }
  })

  it('answer 401 for an expired token signed with the right secret', async () => {
    const { token } = await userWithToken(payload, 'editor')
    const {
      exp: _exp,
      iat: _iat,
      ...claims
    } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())
    const expired = await jwtSign({
      fieldsToSign: claims,
      secret: payload.secret,
      tokenExpiration: -60,
    })
    const me = await restJson('GET', '/api/v1/me', {
      headers: { authorization: `Bearer ${expired.token}` },
    })
    expect(me.status).toBe(401)
    expect(me.body).toEqual(unauthorized)
  })

  it('answer 401 for malformed Authorization headers', async () => {
    for (const authorization of [
      'Bearer',
      'Bearer not.a.jwt',
      'Basic YWRtaW46YWRtaW4=',
      'consumers API-Key',
    ]) {
      const me = await restJson('GET', '/api/v1/me', { headers: { authorization } })
      expect(me.status, authorization).toBe(401)
      expect(me.body).toEqual(unauthorized)
    }
  })

  it("answer 401 in the custom endpoints' own envelope", async () => {
    const action = await restJson('POST', '/api/admin-action', {
      headers: { 'x-api-key': 'no-such-key' },
      body: { action: 'x' },
    })
    expect(action.status).toBe(401)
    expect(action.body).toEqual({ error: expect.any(String) })
  })
})
