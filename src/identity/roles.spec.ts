import { describe, expect, it } from 'vitest'

import {
  hasAdminRole,
  hasAuthorRole,
  hasEditorRole,
  hasWriterRole,
  isConsumer,
  isUser,
  roles,
  type Principal,
} from './roles'

const admin = { collection: 'users', role: 'admin' }
const editor = { collection: 'users', role: 'editor' }
const customer = { collection: 'users', role: 'customer' }
const consumer = { collection: 'consumers' }

describe('roles', () => {
  it('are the four docs/api.md names: admin, editor, author, customer', () => {
    expect([...roles].sort()).toEqual(['admin', 'author', 'customer', 'editor'])
  })

  it('give authors writing rights but no editor rights', () => {
    const author = { collection: 'users', role: 'author' }
    expect(hasAuthorRole(author)).toBe(true)
    expect(hasWriterRole(author)).toBe(true)
    expect(hasEditorRole(author)).toBe(false)
    expect(hasWriterRole(editor)).toBe(true)
    expect(hasWriterRole(admin)).toBe(true)
    expect(hasAuthorRole(editor)).toBe(false)
    expect(hasWriterRole(customer)).toBe(false)
    expect(hasWriterRole({ collection: 'consumers', role: 'author' })).toBe(false)
  })

  it('tell users (who log in) from API consumers', () => {
    for (const user of [admin, editor, customer, { collection: 'users', role: null }]) {
      expect(isUser(user)).toBe(true)
      expect(isConsumer(user)).toBe(false)
    }
    expect(isConsumer(consumer)).toBe(true)
    expect(isUser(consumer)).toBe(false)
  })

  it('give admin rights to admins only', () => {
    expect(hasAdminRole(admin)).toBe(true)
    expect(hasAdminRole(editor)).toBe(false)
    expect(hasAdminRole(customer)).toBe(false)
    expect(hasAdminRole(consumer)).toBe(false)
  })

  it('give editor rights to editors and admins, since an admin holds every editor right', () => {
    expect(hasEditorRole(editor)).toBe(true)
    expect(hasEditorRole(admin)).toBe(true)
    expect(hasEditorRole(customer)).toBe(false)
    expect(hasEditorRole(consumer)).toBe(false)
  })

  it('count a role only on a user: a consumer record carrying one has no rights', () => {
    const consumerWithRole = { collection: 'consumers', role: 'admin' }
    expect(hasAdminRole(consumerWithRole)).toBe(false)
    expect(hasEditorRole(consumerWithRole)).toBe(false)
    expect(hasAdminRole({ role: 'admin' })).toBe(false)
  })

  it('give no rights for a missing, unknown or differently spelled role', () => {
    for (const role of [null, undefined, '', 'Admin', 'EDITOR', 'superadmin']) {
      const user = { collection: 'users', role }
      expect(hasAdminRole(user), String(role)).toBe(false)
      expect(hasEditorRole(user), String(role)).toBe(false)
    }
  })

  it('give no principal (an anonymous request) any identity or right', () => {
    for (const nobody of [null, undefined] as Principal[]) {
      expect(isUser(nobody)).toBe(false)
      expect(isConsumer(nobody)).toBe(false)
      expect(hasAdminRole(nobody)).toBe(false)
      expect(hasEditorRole(nobody)).toBe(false)
    }
  })
})
