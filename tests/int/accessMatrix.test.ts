import { randomBytes } from 'node:crypto'

import { formatNames, toWords, type Payload } from 'payload'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'

import { POST as graphqlRoute } from '../../src/app/(payload)/api/graphql/route'
import { postgres } from '../../src/db/transaction'
import { newOrderToken, orderTokenHash } from '../../src/shop/orderToken'
import { seedWebhookEventTypes } from '../../seed/webhooks'
import { consumerWithKey, userWithToken } from '../helpers/identities'
import { insertOrders } from '../helpers/orders'
import { getTestPayload } from '../helpers/payload'
import { rest } from '../helpers/rest'
import { createProduct } from '../helpers/shop'

// Every door Payload opens, walked by every kind of caller. The collections are enumerated from
// the running configuration (ours and Payload's own: locks, preferences, migrations, jobs,
// key-value), so a collection added without a row here fails the first test. For each, every
// REST operation and a GraphQL query, as each caller, against a document that belongs to none
// of them, must answer as the row says, and nothing may answer 5xx. The webhook routes and our
// other endpoints are walked by the OpenAPI contract test (tests/int/openApiContract.test.ts).
//
// A row gives one letter per caller, in the order of `callers`:
//   A anonymous, C customer (signed up), K API consumer (X-API-Key), P portal session (cookie,
//   same-origin), U author (writes drafts, publishes nothing), E editor, D admin, X an admin's
//   cookie sent by a page of another origin (it reads as the admin; every change, GraphQL's POST
//   included, is refused with 403).
// The letters:
//   y  allowed: a read sees the document; a write gets past access (201, 200, or 400 for the
//      empty body it sends); a delete deletes it
//   f  filtered: answered, but the document is not among what the caller may reach (a list
//      without it, 404 by id, a bulk update of nothing)
//   n  refused: 401 or 403

const callers = [
  'anonymous',
  'customer',
  'consumer',
  'portal',
  'author',
  'editor',
  'admin',
  'crossOrigin',
] as const
type Caller = (typeof callers)[number]
type Letters = string
type Operation = 'list' | 'read' | 'create' | 'update' | 'bulkUpdate' | 'delete' | 'graphql'

/** What each caller gets from each operation on one collection (`versions` where it has them). */
type Row = Record<Operation, Letters> & { versions?: Letters }

/** A row whose every operation answers the same letters: the collection is closed to HTTP. */
const closed = (letters: Letters): Row => ({
  list: letters,
  read: letters,
  create: letters,
  update: letters,
  bulkUpdate: letters,
  delete: letters,
  graphql: letters,
})

/**
 * Reads as `read`, writes as `write`. GraphQL reads as `read` but for the cross-origin cookie
 * (the last letter): GraphQL is a POST, refused with 403 whatever it asks.
 */
const readsAndWrites = (read: Letters, write: Letters): Row => ({
  list: read,
  read,
  create: write,
  update: write,
  bulkUpdate: write,
  delete: write,
  graphql: `${read.slice(0, -1)}n`,
})

//                                        A C K P U E D X
const expected: Record<string, Row> = {
  // The fixture is a draft: the people who write (authors, editors, admins), others do not see
  // it. An author saves drafts one document at a time (a bulk change that is not a draft could
  // reach what is published) and deletes what is not published.
  articles: {
    ...readsAndWrites('nffnyyyy', 'nnnnyyyn'),
    bulkUpdate: 'nnnnnyyn',
    versions: 'nnnnyyyy',
  },
  // Published pages are public; the fixture is a draft.
  pages: {
    ...readsAndWrites('ffffyyyy', 'nnnnyyyn'),
    bulkUpdate: 'nnnnnyyn',
    versions: 'nnnnyyyy',
  },
  authors: readsAndWrites('nyynyyyy', 'nnnnnyyn'),
  // Releases (publishing sets of documents together): editors and admins.
  releases: readsAndWrites('nnnnnyyy', 'nnnnnyyn'),
  tags: readsAndWrites('nyynyyyy', 'nnnnnyyn'),
  // A pending comment: editors only (moderation is theirs). People who sign in may write one.
  comments: { ...readsAndWrites('nffnfyyy', 'nnnnnyyn'), create: 'nynnyyyn' },
  // Authors upload and describe images; deleting one stays with editors and admins.
  media: { ...readsAndWrites('yyyyyyyy', 'nnnnyyyn'), delete: 'nnnnnyyn' },
  // Inquiries arrive through POST /api/contact only.
  inquiries: { ...readsAndWrites('nnnnnnyy', 'nnnnnnyn'), create: 'nnnnnnnn' },
  // Another customer's account: its owner and admins. Anyone may sign up.
  // (Payload answers 403, not 404, to a write by id outside a row filter.)
  users: {
    ...readsAndWrites('nfnnffyy', 'nnnnnnyn'),
    create: 'yyyyyyyn',
    bulkUpdate: 'nfnnffyn',
  },
  // Another consumer: admins only; a consumer reaches its own record.
  consumers: readsAndWrites('nnfnnnyy', 'nnnnnnyn'),
  'audit-log': { ...readsAndWrites('nnnnnnyy', 'nnnnnnnn') },
  // An inactive product (not published): authors, editors and admins.
  products: { ...readsAndWrites('ffffyyyy', 'nnnnyyyn'), bulkUpdate: 'nnnnnyyn' },
  'stock-adjustments': {
    ...readsAndWrites('nnnnnyyy', 'nnnnnnnn'),
    create: 'nnnnnyyn',
  },
  // A guest's order: admins; a person who signs in reaches their own.
  orders: { ...readsAndWrites('nfnnffyy', 'nnnnnnyn'), create: 'nnnnnnnn', delete: 'nnnnnnnn' },
  'stripe-events': readsAndWrites('nnnnnnyy', 'nnnnnnnn'),
  // Another consumer's subscription and deliveries: admins; a consumer reaches its own.
  'webhook-subscriptions': { ...readsAndWrites('nnfnnnyy', 'nnnnnnyn'), create: 'nnnnnnnn' },
  'webhook-event-types': readsAndWrites('yyyyyyyy', 'nnnnnnyn'),
  'webhook-deliveries': readsAndWrites('nnfnnnyy', 'nnnnnnnn'),
  // Payload's own collections.
  'payload-locked-documents': readsAndWrites('nnnnyyyy', 'nnnnyyyn'),
  // Another editor's preferences: nobody else's. (Payload's `/:key` routes shadow reads and
  // updates by id: a read by id finds no preference of that key.)
  'payload-preferences': {
    ...readsAndWrites('nnnnffff', 'nnnnfffn'),
    create: 'nnnnyyyn',
    update: 'nnnnnnnn',
  },
  // Not served over HTTP at all: 404 for everyone (`npm run migrate:status` shows it).
  'payload-migrations': closed('ffffffff'),
  'payload-jobs': closed('nnnnnnnn'),
  'payload-kv': closed('nnnnnnnn'),
}

let payload: Payload
let headersOf: Record<Caller, Record<string, string>>
let fixtureOwners: { adminId: number; editorId: number; consumerKey: string }
const site = { host: 'localhost:3000', origin: 'http://localhost:3000' }
/** The origin of a page that is not the app's. */
const elsewhere = 'https://evil.example'

/** One caller of each kind, with fresh credentials. */
async function newCallers(): Promise<{
  headers: Record<Caller, Record<string, string>>
  adminId: number
}> {
  const customer = await userWithToken(payload, 'customer')
  const author = await userWithToken(payload, 'author')
  const editor = await userWithToken(payload, 'editor')
  const admin = await userWithToken(payload, 'admin')
  const crossOriginAdmin = await userWithToken(payload, 'admin')
  // A consumer as an admin makes it: public content only (the grants' own rows are below).
  const { apiKey } = await consumerWithKey(payload, 'Matrix consumer', ['content'])
  const link = await (
    await rest('POST', '/webhooks/portal-sessions', { headers: { 'x-api-key': apiKey } })
  ).json()
  const exchanged = await rest('POST', '/webhooks/portal-sessions/exchange', {
    headers: site,
    body: { token: new URL(link.url).hash.replace(/^#token=/, '') },
  })
  expect(exchanged.status).toBe(200)
  const cookie = exchanged.headers.get('set-cookie')!.split(';')[0]!
  return {
    headers: {
      anonymous: {},
      customer: { authorization: `Bearer ${customer.token}` },
      consumer: { 'x-api-key': apiKey },
      portal: { cookie, ...site },
      author: { authorization: `Bearer ${author.token}` },
      editor: { authorization: `Bearer ${editor.token}` },
      admin: { authorization: `Bearer ${admin.token}` },
      crossOrigin: { cookie: `payload-token=${crossOriginAdmin.token}`, origin: elsewhere },
    },
    adminId: admin.user.id,
  }
}

beforeAll(async () => {
  // Every caller of the matrix calls from one address, hundreds of times a minute: the per-caller
  // limit (which Payload's routes count too since issue 50) is tried in payloadRouteLimits.
  payload = await getTestPayload({ RATE_LIMIT_DEFAULT: '1000000/60' })
  await seedWebhookEventTypes(payload)
  const callers = await newCallers()
  headersOf = callers.headers
  const otherEditor = await userWithToken(payload, 'editor')
  fixtureOwners = {
    adminId: callers.adminId,
    editorId: otherEditor.user.id,
    consumerKey: (await consumerWithKey(payload, 'Fixture owner')).apiKey,
  }
})

const unique = () => randomBytes(4).toString('hex')

/** A document of `slug` that belongs to none of the callers; returns its id. */
async function fixture(slug: string): Promise<number | string> {
  const tag = unique()
  const author = async () =>
    (await payload.create({ collection: 'authors', data: { name: `Author ${tag}` } })).id
  switch (slug) {
    case 'articles':
      return (
        await payload.create({
          collection: 'articles',
          draft: true,
          data: { title: `Draft ${tag}`, slug: `draft-${tag}`, author: await author() },
        })
      ).id
    case 'pages':
      return (
        await payload.create({
          collection: 'pages',
          draft: true,
          data: { title: `Page ${tag}`, slug: `page-${tag}` },
        })
      ).id
    case 'authors':
      return author()
    case 'releases':
      return (
        await payload.create({
          collection: 'releases',
          data: { name: `Release ${tag}`, status: 'open' },
        })
      ).id
    case 'tags':
      return (await payload.create({ collection: 'tags', data: { name: tag, slug: tag } })).id
    case 'comments': {
      const article = await payload.create({
        collection: 'articles',
        data: {
          title: `Published ${tag}`,
          slug: `published-${tag}`,
          author: await author(),
          _status: 'published',
        },
      })
      return (
        await payload.create({
          collection: 'comments',
          data: { article: article.id, authorName: 'Reader', body: 'Pending.', status: 'pending' },
        })
      ).id
    }
    case 'media': {
      const png = await sharp({
        create: { width: 8, height: 8, channels: 3, background: '#08f' },
      })
        .png()
        .toBuffer()
      return (
        await payload.create({
          collection: 'media',
          data: { alt: `Image ${tag}` },
          file: { data: png, mimetype: 'image/png', name: `${tag}.png`, size: png.length },
        })
      ).id
    }
    case 'inquiries':
      return (
        await payload.create({
          collection: 'inquiries',
          data: { name: 'Sender', email: `${tag}@example.com`, message: 'Hello', status: 'new' },
        })
      ).id
    case 'users':
      return (
        await payload.create({
          collection: 'users',
          data: { email: `${tag}@example.com`, password: `pw-${tag}-long`, role: 'customer' },
        })
      ).id
    case 'consumers':
      return (
        await payload.create({
          collection: 'consumers',
          data: { name: `Consumer ${tag}`, email: `${tag}@integrator.test` },
        })
      ).id
    case 'audit-log':
      return (
        await payload.create({
          collection: 'audit-log',
          data: {
            action: `fixture-${tag}`,
            user: fixtureOwners.adminId,
            timestamp: new Date().toISOString(),
            data: {},
          },
        })
      ).id
    case 'products':
      return (await createProduct(payload, { active: false })).id
    case 'stock-adjustments': {
      const product = await createProduct(payload)
      return (
        await payload.create({
          collection: 'stock-adjustments',
          data: { product: product.id, delta: 1, reason: 'Counted again' },
        })
      ).id
    }
    case 'orders': {
      const pool = postgres(payload).pool
      await insertOrders(pool, [{ status: 'pending', total: 10, createdAt: new Date() }])
      const { rows } = await pool.query<{ id: number }>('SELECT max(id) AS id FROM orders')
      return rows[0]!.id
    }
    case 'stripe-events':
      return (
        await payload.create({
          collection: 'stripe-events',
          data: { eventId: `evt_${tag}`, type: 'checkout.session.completed' },
        })
      ).id
    case 'webhook-subscriptions':
      return (await subscriptionOfFixtureOwner()).id
    case 'webhook-event-types':
      return (
        await payload.create({
          collection: 'webhook-event-types',
          data: { name: `fixture.e${tag}`, description: 'A fixture' },
        })
      ).id
    case 'webhook-deliveries':
      return (await subscriptionOfFixtureOwner()).deliveryId
    case 'payload-locked-documents':
      return (
        await payload.db.create({
          collection: 'payload-locked-documents',
          data: {
            document: { relationTo: 'articles', value: await fixture('articles') },
            user: { relationTo: 'users', value: fixtureOwners.adminId },
          },
        })
      ).id as number
    case 'payload-preferences':
      return (
        await payload.db.create({
          collection: 'payload-preferences',
          data: {
            key: `fixture-${tag}`,
            user: { relationTo: 'users', value: fixtureOwners.editorId },
            value: { columns: [] },
          },
        })
      ).id as number
    case 'payload-migrations':
      return (
        await payload.create({
          collection: 'payload-migrations',
          data: { name: `fixture_${tag}`, batch: 99 },
        })
      ).id
    case 'payload-jobs':
      return (
        await payload.db.create({
          collection: 'payload-jobs',
          data: {
            input: {},
            taskSlug: 'schedulePublish',
            waitUntil: '2999-01-01T00:00:00.000Z',
            processing: false,
            hasError: false,
          },
        })
      ).id as number
    case 'payload-kv':
      return (
        await payload.create({
          collection: 'payload-kv',
          data: { key: `fixture-${tag}`, data: { value: 1 } },
        })
      ).id
    default:
      throw new Error(`No fixture for the collection ${slug}: add one and a row of expected`)
  }
}

/** A subscription of a consumer none of the callers is, with its test delivery. */
async function subscriptionOfFixtureOwner() {
  const headers = { 'x-api-key': fixtureOwners.consumerKey }
  const created = await rest('POST', '/webhooks/subscriptions', {
    headers,
    body: { endpoint_url: 'https://hooks.example.com/in', events: ['order.paid'] },
  })
  const { id } = (await created.json()) as { id: string }
  const test = await rest('POST', `/webhooks/subscriptions/${id}/test`, { headers })
  const { data } = (await test.json()) as { data: { delivery_id: number } }
  return { id, deliveryId: data.delivery_id }
}

type Answer = { status: number; body: any }

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const response = await rest(method, path, { headers, body })
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {}
  return { status: response.status, body: parsed }
}

const refused = (answer: Answer) => answer.status === 401 || answer.status === 403

/** The letter an answer amounts to, for a read of the document `id`. */
function readLetter(answer: Answer, id: number | string, isList: boolean): string {
  if (refused(answer)) return 'n'
  if (answer.status === 404) return 'f'
  if (answer.status !== 200) return `?${answer.status}`
  if (!isList) return String(answer.body?.id) === String(id) ? 'y' : 'f'
  const ids = (answer.body?.docs ?? []).map((doc: { id: unknown }) => String(doc.id))
  return ids.includes(String(id)) ? 'y' : 'f'
}

/** The letter a write's answer amounts to. */
function writeLetter(answer: Answer, options: { isBulk?: boolean } = {}): string {
  if (refused(answer)) return 'n'
  if (answer.status === 404) return 'f'
  if (options.isBulk && answer.status === 200) return answer.body?.docs?.length ? 'y' : 'f'
  if (answer.status === 200 || answer.status === 201 || answer.status === 400) return 'y'
  return `?${answer.status}`
}

async function graphql(headers: Record<string, string>, query: string) {
  const response = await graphqlRoute(
    new Request('http://localhost:3000/api/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    }),
  )
  return { status: response.status, body: (await response.json()) as any }
}

/**
 * The GraphQL name of a collection's list query, as Payload derives it (@payloadcms/graphql
 * `initCollections`), or undefined for a collection without GraphQL.
 */
function graphQLListName(slug: string): string | undefined {
  const collection = payload.config.collections.find((each) => each.slug === slug)
  if (!collection || collection.graphQL === false) return undefined
  const names = formatNames(slug)
  const singular = collection.graphQL?.singularName
    ? toWords(collection.graphQL.singularName, true)
    : names.singular
  const plural = collection.graphQL?.pluralName
    ? toWords(collection.graphQL.pluralName, true)
    : names.plural
  return singular === plural ? `all${singular}` : plural
}

/**
 * Runs `operation` on `slug` as every caller and spells the answers as letters; `answers` says
 * what each caller got, for the failure message.
 */
async function walk(
  slug: string,
  operation: Operation | 'versions',
): Promise<{ letters: Letters; answers: string[] }> {
  const id = await fixture(slug)
  const letters: string[] = []
  const answers: string[] = []
  for (const caller of callers) {
    const headers = headersOf[caller]
    let letter: string
    let answer: Answer
    switch (operation) {
      case 'list':
        answer = await call('GET', `/api/${slug}?where[id][equals]=${id}&depth=0`, headers)
        letter = readLetter(answer, id, true)
        break
      case 'read':
        answer = await call('GET', `/api/${slug}/${id}?depth=0`, headers)
        letter = readLetter(answer, id, false)
        break
      case 'versions':
        answer = await call(
          'GET',
          `/api/${slug}/versions?where[parent][equals]=${id}&depth=0&limit=100`,
          headers,
        )
        letter = refused(answer) ? 'n' : readVersionLetter(answer, id)
        break
      case 'create':
        answer = await call('POST', `/api/${slug}`, headers, {})
        letter = writeLetter(answer)
        break
      case 'update':
        answer = await call('PATCH', `/api/${slug}/${id}`, headers, {})
        letter = writeLetter(answer)
        break
      case 'bulkUpdate':
        answer = await call('PATCH', `/api/${slug}?where[id][equals]=${id}`, headers, {})
        letter = writeLetter(answer, { isBulk: true })
        break
      case 'delete': {
        // Each caller deletes a document of its own making, so one's success leaves the next
        // caller something to try.
        const own = await fixture(slug)
        answer = await call('DELETE', `/api/${slug}/${own}`, headers)
        letter = writeLetter(answer)
        break
      }
      case 'graphql': {
        const name = graphQLListName(slug)
        if (!name) {
          letter = expected[slug]!.graphql[callers.indexOf(caller)]!
          answer = { status: 200, body: null }
          break
        }
        const byId = `where: { id: { equals: ${JSON.stringify(id)} } }`
        answer = await graphql(headers, `{ ${name}(${byId}) { docs { id } } }`)
        const docs = answer.body?.data?.[name]?.docs as { id: unknown }[] | undefined
        const isRefused =
          refused(answer) ||
          (!docs && /not allowed|forbidden/i.test(JSON.stringify(answer.body?.errors)))
        letter = isRefused
          ? 'n'
          : docs
            ? docs.some((doc) => String(doc.id) === String(id))
              ? 'y'
              : 'f'
            : `?${JSON.stringify(answer.body?.errors ?? answer.body).slice(0, 120)}`
        break
      }
    }
    expect(
      answer.status,
      `${caller} ${operation} ${slug}: ${JSON.stringify(answer.body)}`,
    ).toBeLessThan(500)
    letters.push(letter)
    answers.push(
      `${operation} as ${caller}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
    )
  }
  return { letters: letters.join(''), answers }
}

function readVersionLetter(answer: Answer, id: number | string) {
  if (answer.status !== 200) return answer.status === 404 ? 'f' : `?${answer.status}`
  const parents = (answer.body?.docs ?? []).map((doc: { parent: unknown }) =>
    String(typeof doc.parent === 'object' ? (doc.parent as { id: unknown })?.id : doc.parent),
  )
  return parents.includes(String(id)) ? 'y' : 'f'
}

describe('the access matrix', () => {
  it('has a row for every collection the running configuration serves, and none it does not', () => {
    const served = payload.config.collections.map((collection) => collection.slug).sort()
    expect(served).toEqual(Object.keys(expected).sort())
  })

  it('has a versions row exactly for the collections that keep versions', () => {
    const versioned = payload.config.collections
      .filter((collection) => collection.versions)
      .map((collection) => collection.slug)
      .sort()
    const withRow = Object.entries(expected)
      .filter(([, row]) => row.versions)
      .map(([slug]) => slug)
      .sort()
    expect(versioned).toEqual(withRow)
  })

  describe.each(Object.keys(expected))('%s', (slug) => {
    it('answers every caller as the row says, never with a 5xx', { timeout: 120_000 }, async () => {
      const row = expected[slug]!
      const operations = Object.keys(row) as (Operation | 'versions')[]
      const observed: Record<string, Letters> = {}
      const answers: string[] = []
      for (const operation of operations) {
        const walked = await walk(slug, operation)
        observed[operation] = walked.letters
        answers.push(...walked.answers)
      }
      expect(observed, answers.join('\n')).toEqual(row)
    })
  })
})

describe("the buyer's order routes", () => {
  // The same callers and letters, on the routes that show an order to its buyer: an order of
  // none of the callers, whose token is known, and another order's token. A token opens its
  // order to whoever holds it, whatever else they present, and nothing else: not another order,
  // not Payload's own order routes, not the list (which shows each caller their own orders).
  // Letters in the order of `callers`: A C K P U E D X.
  const expectedRoutes: Record<string, Letters> = {
    'GET /api/v1/orders/{id}': 'ffffffff',
    'GET /api/v1/orders/{id} with its token': 'yyyyyyyy',
    "GET /api/v1/orders/{id} with another order's token": 'ffffffff',
    'GET /api/v1/orders': 'nfnnffff',
    'GET /api/orders/{id} with its token': 'nfnnffyy',
    'GET /api/orders with its token': 'nfnnffyy',
    'PATCH /api/orders/{id} with its token': 'nnnnnnyn',
    // Refunds are administrators' only (the body, an amount of 0, is then a 400).
    'POST /api/orders/{id}/refund with its token': 'nnnnnnyn',
    // Releasing is editors' and admins' (authors write, they do not publish); no such release
    // is open here, so they get past access to the 404.
    'POST /api/releases/{id}/release': 'nnnnnffn',
  }

  async function orderWithToken() {
    const id = Number(await fixture('orders'))
    const token = newOrderToken()
    await postgres(payload).pool.query('UPDATE orders SET order_token_hash = $1 WHERE id = $2', [
      orderTokenHash(token),
      id,
    ])
    return { id, token }
  }

  it('answers every caller as the row says, never with a 5xx', { timeout: 120_000 }, async () => {
    const order = await orderWithToken()
    const other = await orderWithToken()
    const token = { 'x-order-token': order.token }
    const routes: Record<string, (headers: Record<string, string>) => Promise<Answer>> = {
      'GET /api/v1/orders/{id}': (headers) => call('GET', `/api/v1/orders/${order.id}`, headers),
      'GET /api/v1/orders/{id} with its token': (headers) =>
        call('GET', `/api/v1/orders/${order.id}`, { ...headers, ...token }),
      "GET /api/v1/orders/{id} with another order's token": (headers) =>
        call('GET', `/api/v1/orders/${order.id}`, { ...headers, 'x-order-token': other.token }),
      'GET /api/v1/orders': (headers) => call('GET', '/api/v1/orders?limit=100', headers),
      'GET /api/orders/{id} with its token': (headers) =>
        call('GET', `/api/orders/${order.id}?depth=0`, { ...headers, ...token }),
      'GET /api/orders with its token': (headers) =>
        call('GET', `/api/orders?where[id][equals]=${order.id}&depth=0`, { ...headers, ...token }),
      'PATCH /api/orders/{id} with its token': (headers) =>
        call('PATCH', `/api/orders/${order.id}`, { ...headers, ...token }, {}),
      'POST /api/orders/{id}/refund with its token': (headers) =>
        call('POST', `/api/orders/${order.id}/refund`, { ...headers, ...token }, { amount: 0 }),
      'POST /api/releases/{id}/release': (headers) =>
        call('POST', '/api/releases/999999/release', headers, {}),
    }
    const observed: Record<string, Letters> = {}
    const answers: string[] = []
    for (const [route, run] of Object.entries(routes)) {
      let letters = ''
      for (const caller of callers) {
        const answer = await run(headersOf[caller])
        expect(answer.status, `${route} as ${caller}: ${JSON.stringify(answer.body)}`).toBeLessThan(
          500,
        )
        const shown = answer.body?.data ?? answer.body
        letters += /^(PATCH|POST)/.test(route)
          ? writeLetter(answer)
          : Array.isArray(shown) || Array.isArray(shown?.docs)
            ? readLetter({ ...answer, body: { docs: shown.docs ?? shown } }, order.id, true)
            : readLetter({ ...answer, body: shown }, order.id, false)
        answers.push(
          `${route} as ${caller}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
        )
      }
      observed[route] = letters
    }
    expect(observed, answers.join('\n')).toEqual(expectedRoutes)
  })
})

describe('every other route Payload serves on a collection', () => {
  it(
    'answers every caller without a 5xx, and a cookie from another origin 403 on a change',
    { timeout: 300_000 },
    async () => {
      // Fresh credentials: these routes include logging out, which ends a session.
      const { headers } = await newCallers()
      const failures: string[] = []
      for (const collection of payload.config.collections) {
        const endpoints = Array.isArray(collection.endpoints) ? collection.endpoints : []
        // Our own routes are walked by the OpenAPI contract test and the fuzzer.
        const payloadOwn = endpoints.filter((endpoint) => !endpoint.custom?.openapi)
        if (payloadOwn.length === 0) continue
        const id = await fixture(collection.slug)
        for (const endpoint of payloadOwn) {
          const method = endpoint.method.toUpperCase()
          if (!['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].includes(method)) continue
          const path = `/api/${collection.slug}${endpoint.path}`
            .replace(/:id\??/g, String(id))
            .replace(/:(\w+)\??/g, 'x')
            .replace(/\/$/, '')
          for (const caller of callers) {
            const answer = await call(
              method as 'GET',
              path,
              headers[caller],
              method === 'GET' || method === 'DELETE' ? undefined : {},
            )
            const isRefusedAsItMustBe =
              caller !== 'crossOrigin' || method === 'GET' || answer.status === 403
            if (answer.status >= 500 || !isRefusedAsItMustBe) {
              failures.push(
                `${method} ${path} as ${caller}: ${answer.status} ${JSON.stringify(answer.body)}`,
              )
            }
          }
        }
      }
      expect(failures).toEqual([])
    },
  )

  it('serves no route a collection has no use for (each was a 500, or a door)', async () => {
    const { headers } = await newCallers()
    const unused: [string, string, Record<string, string>][] = [
      ['GET', '/api/authors/versions', headers.admin],
      ['GET', '/api/webhook-subscriptions/versions', headers.admin],
      ['POST', '/api/users/verify/x', {}],
      ['GET', '/api/media/paste-url?src=http://127.0.0.1/', headers.editor],
      // An API key could refresh its way to a JWT session of its own.
      ['POST', '/api/consumers/refresh-token', headers.consumer],
      ['POST', '/api/consumers/login', {}],
    ]
    for (const [method, path, callerHeaders] of unused) {
      const answer = await call(
        method as 'GET',
        path,
        callerHeaders,
        method === 'POST' ? {} : undefined,
      )
      // 404, or 400 where the path reads as a document id that is not one (`versions`).
      expect([400, 404], `${method} ${path}: ${answer.status}`).toContain(answer.status)
    }
    // What a consumer does use stays: who it is.
    expect((await call('GET', '/api/consumers/me', headers.consumer)).status).toBe(200)
  })
})

describe('what a grant opens to an API consumer (issue 49)', () => {
  // A consumer holding `orders` reads every order, and one holding `inquiries` every inquiry,
  // through Payload's REST API and GraphQL, read-only: the events they receive tell them no
  // more than these reads show. Each grant opens only its own collection.
  //                      list read graphql create update bulkUpdate delete
  const operations = [
    'list',
    'read',
    'graphql',
    'create',
    'update',
    'bulkUpdate',
    'delete',
  ] as const
  const expectedByGrants: Record<string, Record<'orders' | 'inquiries', string>> = {
    none: { orders: 'nnnnnnn', inquiries: 'nnnnnnn' },
    content: { orders: 'nnnnnnn', inquiries: 'nnnnnnn' },
    orders: { orders: 'yyynnnn', inquiries: 'nnnnnnn' },
    inquiries: { orders: 'nnnnnnn', inquiries: 'yyynnnn' },
    'content,orders,inquiries': { orders: 'yyynnnn', inquiries: 'yyynnnn' },
  }

  it.each(Object.keys(expectedByGrants))('grants %s', async (grantSet) => {
    const grants = grantSet === 'none' ? [] : grantSet.split(',')
    const { apiKey } = await consumerWithKey(payload, `Granted ${grantSet}`, grants)
    const headers = { 'x-api-key': apiKey }
    const observed: Record<string, string> = {}
    const answers: string[] = []
    for (const slug of ['orders', 'inquiries'] as const) {
      const id = await fixture(slug)
      let letters = ''
      for (const operation of operations) {
        let answer: Answer
        let letter: string
        if (operation === 'list' || operation === 'read') {
          const path =
            operation === 'list' ? `/api/${slug}?limit=100&depth=0` : `/api/${slug}/${id}?depth=0`
          answer = await call('GET', path, headers)
          letter = readLetter(answer, id, operation === 'list')
        } else if (operation === 'graphql') {
          const name = graphQLListName(slug)!
          answer = await graphql(headers, `{ ${name}(limit: 100) { docs { id } } }`)
          const docs = answer.body?.data?.[name]?.docs as { id: unknown }[] | undefined
          letter = docs ? (docs.some((doc) => String(doc.id) === String(id)) ? 'y' : 'f') : 'n'
        } else if (operation === 'create') {
          answer = await call('POST', `/api/${slug}`, headers, {})
          letter = writeLetter(answer)
        } else if (operation === 'update') {
          answer = await call('PATCH', `/api/${slug}/${id}`, headers, {})
          letter = writeLetter(answer)
        } else if (operation === 'bulkUpdate') {
          answer = await call('PATCH', `/api/${slug}?where[id][equals]=${id}`, headers, {})
          letter = writeLetter(answer, { isBulk: true })
        } else {
          answer = await call('DELETE', `/api/${slug}/${id}`, headers)
          letter = writeLetter(answer)
        }
        expect(answer.status, `${operation} ${slug}`).toBeLessThan(500)
        letters += letter
        answers.push(
          `${operation} ${slug}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`,
        )
      }
      observed[slug] = letters
    }
    expect(observed, answers.join('\n')).toEqual(expectedByGrants[grantSet])
  })
})

describe('every route of ours that changes something', () => {
  it("refuses an admin's cookie sent from another origin with 403", async () => {
    const { headers } = await newCallers()
    const ours = [
      ...(payload.config.endpoints || []).map((endpoint) => ({ endpoint, prefix: '/api' })),
      ...payload.config.collections.flatMap((collection) =>
        (Array.isArray(collection.endpoints) ? collection.endpoints : []).map((endpoint) => ({
          endpoint,
          prefix: `/api/${collection.slug}`,
        })),
      ),
    ].filter(({ endpoint }) => endpoint.custom?.openapi && endpoint.method !== 'get')
    expect(ours.length).toBeGreaterThan(10)
    const wrong: string[] = []
    for (const { endpoint, prefix } of ours) {
      const method = endpoint.method.toUpperCase() as 'POST'
      const path = `${prefix}${endpoint.path}`.replace(/:(\w+)\??/g, '1')
      const answer = await call(method, path, headers.crossOrigin, {})
      if (answer.status !== 403) wrong.push(`${method} ${path}: ${answer.status}`)
    }
    expect(wrong).toEqual([])
  })
})
