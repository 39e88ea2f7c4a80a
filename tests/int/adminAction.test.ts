import config from '@payload-config'
import { GRAPHQL_POST } from '@payloadcms/next/routes'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { userWithToken, nonAdminCallers } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { restJson } from '../helpers/rest'

let payload: Payload

beforeAll(async () => {
  payload = await getTestPayload()
})

describe('POST /api/admin-action', () => {
  it('is 403 for an editor, a customer and a consumer, and records nothing', async () => {
    const callers = await nonAdminCallers(payload)
    for (const headers of callers) {
      const response = await restJson('POST', '/api/admin-action', {
        headers,
        body: { action: 'x' },
      })
      expect(response.status).toBe(403)
      expect(response.body).toEqual({ error: expect.stringMatching(/admin/) })
    }
    // (The callers' logins are in the log now: nothing posted here is.)
    const posted = { source: { equals: 'caller-given' } } as const
    expect((await payload.count({ collection: 'audit-log', where: posted })).totalDocs).toBe(0)
  })

  it('records the action of an admin with the body as its data', async () => {
    const admin = await userWithToken(payload, 'admin')
    const body = { action: 'purge-cache', scope: ['articles'], dryRun: false }
    const response = await restJson('POST', '/api/admin-action', {
      headers: { authorization: `Bearer ${admin.token}` },
      body,
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ success: true })

    const { docs } = await payload.find({
      collection: 'audit-log',
      where: { action: { equals: 'purge-cache' } },
      depth: 0,
    })
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({
      action: 'purge-cache',
      user: admin.user.id,
      data: body,
      source: 'caller-given',
    })
    expect(Date.now() - Date.parse(docs[0]!.timestamp)).toBeLessThan(60_000)
  })

  it('names the action `admin-action` when the body has no string `action`', async () => {
    const admin = await userWithToken(payload, 'admin')
    await restJson('POST', '/api/admin-action', {
      headers: { authorization: `Bearer ${admin.token}` },
      body: { action: 42 },
    })
    const { docs } = await payload.find({
      collection: 'audit-log',
      where: { user: { equals: admin.user.id }, source: { equals: 'caller-given' } },
    })
    expect(docs.map((doc) => doc.action)).toEqual(['admin-action'])
  })

  it('answers 400 to a body that is not JSON', async () => {
    const admin = await userWithToken(payload, 'admin')
    const response = await restJson('POST', '/api/admin-action', {
      headers: { authorization: `Bearer ${admin.token}` },
      rawBody: '{"action": ',
    })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: 'The request body is not valid JSON' })
  })
})

describe('the audit log', () => {
  it('cannot be changed or deleted by an admin through REST or the Local API', async () => {
    const admin = await userWithToken(payload, 'admin')
    await restJson('POST', '/api/admin-action', {
      headers: { authorization: `Bearer ${admin.token}` },
      body: { action: 'original' },
    })
    const [entry] = (
      await payload.find({ collection: 'audit-log', where: { action: { equals: 'original' } } })
    ).docs
    const auth = { authorization: `Bearer ${admin.token}` }

    const patch = await restJson('PATCH', `/api/audit-log/${entry!.id}`, {
      headers: auth,
      body: { action: 'rewritten' },
    })
    expect(patch.status).toBe(403)
    const remove = await restJson('DELETE', `/api/audit-log/${entry!.id}`, { headers: auth })
    expect(remove.status).toBe(403)
    const create = await restJson('POST', '/api/audit-log', {
      headers: auth,
      body: { action: 'forged', user: admin.user.id, timestamp: new Date().toISOString() },
    })
    expect(create.status).toBe(403)

    await expect(
      payload.update({ collection: 'audit-log', id: entry!.id, data: { action: 'rewritten' } }),
    ).rejects.toThrow(/cannot be changed/)
    await expect(payload.delete({ collection: 'audit-log', id: entry!.id })).rejects.toThrow(
      /cannot be changed/,
    )

    const reread = await payload.findByID({ collection: 'audit-log', id: entry!.id })
    expect(reread.action).toBe('original')
  })

  it('cannot be changed, deleted or forged by an admin through GraphQL', async () => {
    const admin = await userWithToken(payload, 'admin')
    await restJson('POST', '/api/admin-action', {
      headers: { authorization: `Bearer ${admin.token}` },
      body: { action: 'graphql-original' },
    })
    const [entry] = (
      await payload.find({
        collection: 'audit-log',
        where: { action: { equals: 'graphql-original' } },
      })
    ).docs
    const graphql = async (query: string) => {
      const response = await GRAPHQL_POST(config)(
        new Request('http://localhost:3000/api/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
          body: JSON.stringify({ query }),
        }),
      )
      return (await response.json()) as { data?: unknown; errors?: { message: string }[] }
    }
    // The admin can read the log through GraphQL...
    const read = await graphql(`{ AuditLog(id: ${entry!.id}) { action } }`)
    expect(read.data).toEqual({ AuditLog: { action: 'graphql-original' } })
    // ...but every write is refused.
    for (const mutation of [
      `mutation { updateAuditLog(id: ${entry!.id}, data: { action: "rewritten" }) { action } }`,
      `mutation { deleteAuditLog(id: ${entry!.id}) { id } }`,
      `mutation { createAuditLog(data: { action: "forged", user: ${admin.user.id}, timestamp: "2026-01-01T00:00:00Z" }) { id } }`,
    ]) {
      const result = await graphql(mutation)
      expect(result.errors?.[0]?.message, mutation).toMatch(/not allowed|cannot|forbidden/i)
    }
    const reread = await payload.findByID({ collection: 'audit-log', id: entry!.id })
    expect(reread.action).toBe('graphql-original')
    expect(
      (await payload.count({ collection: 'audit-log', where: { action: { equals: 'forged' } } }))
        .totalDocs,
    ).toBe(0)
  })
})
