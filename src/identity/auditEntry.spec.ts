import { describe, expect, it } from 'vitest'

import { actorOf, fieldChanges, isSecretField, withDocumentsAsIds, writeAction } from './auditEntry'

describe('actorOf', () => {
  it('names the system inside its work, whoever a nested call names', () => {
    expect(
      actorOf({
        caller: { collection: 'users', id: 3, _strategy: 'local-jwt' },
        systemWork: 'scheduled publication',
        isLocalApi: true,
      }),
    ).toEqual({ kind: 'system', via: 'scheduled publication' })
  })

  it('names a user with the session they came through', () => {
    expect(
      actorOf({
        caller: {
          collection: 'users',
          id: '7',
          email: 'a@example.com',
          _strategy: 'local-jwt',
          _sid: 's1',
        },
        systemWork: undefined,
        isLocalApi: false,
      }),
    ).toEqual({ kind: 'user', userId: 7, name: 'a@example.com', via: 'session s1' })
  })

  it('names a consumer in a portal session with who opened it', () => {
    expect(
      actorOf({
        caller: { collection: 'consumers', id: 'c-1', name: 'Acme', _strategy: 'portal-session' },
        systemWork: undefined,
        isLocalApi: false,
        portalSession: { id: 4, openedBy: 'admin:1' },
      }),
    ).toEqual({
      kind: 'consumer',
      consumerId: 'c-1',
      name: 'Acme',
      via: 'portal session 4, opened by admin:1',
    })
  })

  it('tells a Local API call without a user (the system) from an anonymous request', () => {
    const none = { caller: null, systemWork: undefined }
    expect(actorOf({ ...none, isLocalApi: true })).toEqual({ kind: 'system', via: 'Local API' })
    expect(actorOf({ ...none, isLocalApi: false })).toEqual({ kind: 'anonymous' })
  })
})

describe('fieldChanges', () => {
  const fields = [{ name: 'title' }, { name: 'apiKey' }, { name: 'body' }, { name: 'updatedAt' }]

  it('keeps the values of ordinary fields and only the fact of a secret one', () => {
    expect(
      fieldChanges({
        fields,
        before: { title: 'a', apiKey: 'old-key', updatedAt: '1' },
        after: { title: 'b', apiKey: 'new-key', updatedAt: '2' },
      }),
    ).toEqual({ title: { from: 'a', to: 'b' }, apiKey: { hidden: 'secret' } })
  })

  it('records a long value as changed, without it', () => {
    const long = 'x'.repeat(3000)
    expect(fieldChanges({ fields, before: { body: '' }, after: { body: long } })).toEqual({
      body: { hidden: 'too long' },
    })
  })

  it('lists what a create set, and a secret the document does not show', () => {
    expect(
      fieldChanges({
        fields,
        before: undefined,
        after: { title: 'a', body: null },
        secretsWritten: ['password'],
      }),
    ).toEqual({ title: { from: null, to: 'a' }, password: { hidden: 'secret' } })
  })

  it('does not take a relation read at another depth, or a field the read hides, as changed', () => {
    const relation = [{ name: 'author' }, { name: 'internal' }]
    expect(
      fieldChanges({
        fields: relation,
        before: { author: 5, internal: 'x' },
        after: { author: { id: 5, name: 'Ann', updatedAt: 't' } },
      }),
    ).toEqual({})
  })

  it('marks fields named like secrets, or marked so, as secret', () => {
    for (const name of ['password', 'secret', 'secretOld', 'orderTokenHash', 'apiKey', 'salt']) {
      expect(isSecretField({ name }), name).toBe(true)
    }
    expect(isSecretField({ name: 'enableAPIKey' })).toBe(false)
    expect(isSecretField({ name: 'pin', custom: { isSecret: true } })).toBe(true)
  })

  it('replaces embedded documents by their ids, deep inside arrays', () => {
    expect(
      withDocumentsAsIds([{ product: { id: 1, createdAt: 't' }, quantity: 2, id: 'row' }]),
    ).toEqual([{ product: 1, quantity: 2, id: 'row' }])
  })
})

describe('writeAction', () => {
  const base = { collection: 'articles', hasDrafts: true, changedFields: [] }
  const update = { operation: 'update' as const, isDraftSave: false, isRestore: false }

  it("names an administrator's archiving of an order and its undoing", () => {
    const orderUpdate = {
      collection: 'orders',
      hasDrafts: false,
      kind: update,
      statusBefore: undefined,
      statusAfter: undefined,
    }
    const archivedAt = '2026-11-28T20:00:00.000Z'
    expect(
      writeAction({ ...orderUpdate, changedFields: ['archivedAt'], archivedAfter: archivedAt }),
    ).toBe('archive')
    expect(
      writeAction({ ...orderUpdate, changedFields: ['archivedAt'], archivedAfter: null }),
    ).toBe('unarchive')
    expect(writeAction({ ...orderUpdate, changedFields: ['status'], archivedAfter: null })).toBe(
      'update',
    )
  })

  it("names an administrator's suspension, its end and a change of grants", () => {
    const consumerUpdate = {
      hasDrafts: false,
      kind: update,
      statusBefore: undefined,
      statusAfter: undefined,
    }
    for (const collection of ['consumers', 'webhook-subscriptions']) {
      expect(
        writeAction({
          ...consumerUpdate,
          collection,
          changedFields: ['suspended', 'suspensionReason', 'suspendedAt', 'suspendedBy'],
          suspendedAfter: true,
        }),
      ).toBe('suspend')
      expect(
        writeAction({
          ...consumerUpdate,
          collection,
          changedFields: ['suspended', 'suspensionReason'],
          suspendedAfter: false,
        }),
      ).toBe('end-suspension')
    }
    expect(
      writeAction({ ...consumerUpdate, collection: 'consumers', changedFields: ['grants'] }),
    ).toBe('grant-change')
    expect(
      writeAction({ ...consumerUpdate, collection: 'consumers', changedFields: ['name'] }),
    ).toBe('update')
  })

  it('names publication and unpublication by the status before and after', () => {
    expect(
      writeAction({ ...base, kind: update, statusBefore: 'draft', statusAfter: 'published' }),
    ).toBe('publish')
    expect(
      writeAction({
        ...base,
        kind: { ...update, operation: 'create' },
        statusBefore: undefined,
        statusAfter: 'published',
      }),
    ).toBe('publish')
    expect(
      writeAction({ ...base, kind: update, statusBefore: 'published', statusAfter: 'draft' }),
    ).toBe('unpublish')
  })

  it('does not take a draft saved over a published document for an unpublication', () => {
    expect(
      writeAction({
        ...base,
        kind: { ...update, isDraftSave: true },
        statusBefore: 'published',
        statusAfter: 'draft',
      }),
    ).toBe('update')
  })

  it('names restores, role changes and key changes', () => {
    expect(
      writeAction({
        ...base,
        kind: { ...update, isRestore: true },
        statusBefore: 'draft',
        statusAfter: 'published',
      }),
    ).toBe('restore')
    expect(
      writeAction({
        collection: 'users',
        hasDrafts: false,
        kind: update,
        statusBefore: undefined,
        statusAfter: undefined,
        changedFields: ['name', 'role'],
      }),
    ).toBe('role-change')
    expect(
      writeAction({
        collection: 'consumers',
        hasDrafts: false,
        kind: update,
        statusBefore: undefined,
        statusAfter: undefined,
        changedFields: ['apiKey'],
      }),
    ).toBe('key-change')
    expect(
      writeAction({
        collection: 'tags',
        hasDrafts: false,
        kind: { operation: 'delete' },
        statusBefore: undefined,
        statusAfter: undefined,
        changedFields: [],
      }),
    ).toBe('delete')
  })
})
