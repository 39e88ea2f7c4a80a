import type { Payload } from 'payload'
import { beforeAll } from 'vitest'

import { createAuthor, insertArticles } from './articles'
import { consumerHeaders, signedInAs } from './identities'
import { getTestPayload } from './payload'

// Apart from ./articles.ts, which the benchmarks (bench/) load outside vitest.

/**
 * The set-up of a test file about articles. Call it once at the top of the file: it registers
 * the `beforeAll` that starts the file's Payload and makes, in this order, a signed-in editor,
 * with `customer` a signed-in customer, with `consumer` an API consumer, an author named `author`
 * and, with `articles`, those articles by the author (`insertArticles`). What it returns gives
 * each (the callers as their request headers), once made.
 */
export function articlesSetUp(options: {
  author: string
  customer?: boolean
  consumer?: boolean
  articles?: Omit<Parameters<typeof insertArticles>[1], 'authorId'>
}) {
  let made:
    | {
        payload: Payload
        editor: Record<string, string>
        customer?: Record<string, string>
        consumer?: Record<string, string>
        authorId: number
      }
    | undefined
  beforeAll(async () => {
    const payload = await getTestPayload()
    const editor = await signedInAs(payload, 'editor')
    const customer = options.customer ? await signedInAs(payload, 'customer') : undefined
    const consumer = options.consumer ? await consumerHeaders(payload) : undefined
    const authorId = await createAuthor(payload, options.author)
    if (options.articles) await insertArticles(payload.db.pool, { ...options.articles, authorId })
    made = { payload, editor, customer, consumer, authorId }
  })
  const get = <Key extends keyof NonNullable<typeof made>>(key: Key) => {
    const value = made?.[key]
    if (value === undefined)
      throw new Error(`articlesSetUp: no ${key} (made in beforeAll if asked for)`)
    return value as NonNullable<NonNullable<typeof made>[Key]>
  }
  return {
    payload: () => get('payload'),
    editor: () => get('editor'),
    customer: () => get('customer'),
    consumer: () => get('consumer'),
    authorId: () => get('authorId'),
  }
}
