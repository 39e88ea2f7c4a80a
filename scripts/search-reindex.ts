/**
 * `npm run search:reindex`: rebuilds the search index (the search entries of every article,
 * product and page per locale, and the word list) from the content, in one transaction. Writes
 * keep the index in step themselves; this is for content written around Payload (raw SQL, a
 * restored dump) and after `CONTENT_LOCALES` changes.
 */

import { loadEnvironment, provideDatabase, provideSecret } from './lib/environment'
import { refusePrompts } from './lib/refusePrompts.mjs'
import { startupWatchdog, whileLoading } from './lib/startupWatchdog'

// As `npm run migrate`: the schema is the migrations', never pushed from here.
Object.assign(process.env, { NODE_ENV: 'production' })
refusePrompts()
const started = startupWatchdog('npm run search:reindex')
loadEnvironment(false)
const cluster = await provideDatabase('app')
await provideSecret()
const [
  { default: config },
  { getPayload },
  { closePayload },
  { postgres },
  { rebuildSearchIndex },
  { configOf },
] = await whileLoading(
  'npm run search:reindex',
  Promise.all([
    import('@payload-config'),
    import('payload'),
    import('../src/db/closePayload'),
    import('../src/db/transaction'),
    import('../src/search/operations/refreshSearchEntries'),
    import('../src/config/appConfig'),
  ]),
)

const payload = await getPayload({ config })
started()
try {
  const begun = Date.now()
  const { locales } = configOf(payload).content
  await postgres(payload).drizzle.transaction(async (db) => {
    await rebuildSearchIndex({ db: db as never, locales })
  })
  const { rows } = await postgres(payload).pool.query<{ entries: string; words: string }>(
    'SELECT (SELECT count(*) FROM search_entries) AS entries, (SELECT count(*) FROM search_words) AS words',
  )
  payload.logger.info(
    `Search index rebuilt in ${Date.now() - begun} ms: ${rows[0]!.entries} entries, ${rows[0]!.words} words (${locales.join(', ')})`,
  )
} finally {
  await closePayload(payload)
  await cluster?.stop()
}
process.exit(0)
