import { describe, expect, it } from 'vitest'

import { answerStore, heldTagMs, type StoredAnswer } from './answerStore'

const answer = (tags: string[], body = '{}'): StoredAnswer => ({
  body,
  etag: '"e"',
  headers: {},
  tags,
})

function listeningStore(
  options: { maxEntries?: number; maxBytes?: number; now?: () => number } = {},
) {
  const store = answerStore({ maxEntries: 100, maxBytes: 1_000_000, ...options })
  store.setListening(true)
  return store
}

describe('answerStore', () => {
  it('serves what it kept, and counts hits and misses', () => {
    const store = listeningStore()
    expect(store.find('a')).toBeUndefined()
    expect(store.keep('a', answer(['articles:1']), store.generation())).toBe(true)
    expect(store.find('a')?.tags).toEqual(['articles:1'])
    expect(store.counts()).toMatchObject({ hits: 1, misses: 1 })
  })

  it('drops every answer holding a changed tag, and only those', () => {
    const store = listeningStore()
    store.keep('list', answer(['articles', 'articles:1']), store.generation())
    store.keep('one', answer(['articles:1']), store.generation())
    store.keep('two', answer(['articles:2']), store.generation())
    store.drop(['articles:1', 'articles'])
    expect(store.find('list')).toBeUndefined()
    expect(store.find('one')).toBeUndefined()
    expect(store.find('two')).toBeDefined()
  })

  it('refuses an answer computed while a change landed', () => {
    const store = listeningStore()
    const before = store.generation()
    store.drop(['articles:9'])
    expect(store.keep('a', answer(['articles:1']), before)).toBe(false)
  })

  it('holds a change of its own until its NOTIFY, or for a while when it never comes', () => {
    let now = 0
    const store = listeningStore({ now: () => now })
    store.hold(['articles:1'])
    expect(store.keep('a', answer(['articles:1']), store.generation())).toBe(false)
    store.drop(['articles:1'])
    expect(store.keep('a', answer(['articles:1']), store.generation())).toBe(true)
    store.hold(['articles:2'])
    now += heldTagMs + 1
    expect(store.keep('b', answer(['articles:2']), store.generation())).toBe(true)
  })

  it('keeps and serves nothing while it does not listen, and empties when it stops', () => {
    const store = answerStore({ maxEntries: 10, maxBytes: 1000 })
    expect(store.keep('a', answer(['x']), store.generation())).toBe(false)
    store.setListening(true)
    store.keep('a', answer(['x']), store.generation())
    store.setListening(false)
    expect(store.size().entries).toBe(0)
    expect(store.find('a')).toBeUndefined()
  })

  it('stays within its entries and bytes, counting what it pushes out', () => {
    const store = listeningStore({ maxEntries: 2, maxBytes: 1000 })
    for (const key of ['a', 'b', 'c']) store.keep(key, answer([key]), store.generation())
    expect(store.size().entries).toBe(2)
    expect(store.find('a')).toBeUndefined()
    const small = listeningStore({ maxBytes: 100 })
    for (const key of ['a', 'b', 'c']) {
      small.keep(key, answer([key], 'x'.repeat(40)), small.generation())
    }
    expect(small.size().bytes).toBeLessThanOrEqual(100)
    expect(small.counts().evictions).toBeGreaterThan(0)
  })
})
