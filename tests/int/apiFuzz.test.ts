import { createHmac } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { validate, type Validator } from '@hyperjump/json-schema/openapi-3-1'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'

import type { FakeStripe } from '../helpers/fakeStripe'
import { openApiContract } from '../helpers/openApiContract'
import { isHeaderSafe, schemaArbitraries, type Hints } from '../helpers/openApiArbitraries'
import {
  createProduct,
  fakeStripeSettings,
  // An alias: at the top level a `use...` call reads as a React hook to the linter.
  useFakeStripe as pointAppAtFakeStripe,
} from '../helpers/shop'
import { handInConfig } from '../helpers/testConfig'
import { type WebhookReceiver } from '../helpers/webhookReceiver'
import { rest } from '../helpers/rest'
import { consumerHeaders, userWithToken } from '../helpers/identities'
import { getTestPayload } from '../helpers/payload'
import { seedWebhookEventTypes } from '../../seed/webhooks'
import { webhookHarness } from '../helpers/webhookHarness'

// A schema-driven fuzz test: every operation of the served OpenAPI document gets requests
// generated from its own schemas, with fixed seeds and a bounded count:
// - valid ones (per the document, checked with its schemas) with a suitable identity: never a
//   5xx, and never refused as invalid (400/422) unless for a rule listed in `isToleratedRefusal`;
// - invalid ones (a parameter, the body or a required part broken): a documented 4xx;
// - valid ones carrying an invalid credential next to a valid one (or only invalid ones): 401;
// - an edge sweep: one parameter or body leaf at a time set to NUL, an int4 overflow or an
//   extreme timestamp, on an otherwise benign valid request;
// and every answer must match the document (status, body, headers) within 10 s. A 5xx is put
// down to the hostile values whose removal alone makes it go away (the request is re-sent).
// Findings are collected across all operations and reported together at the end
// (FUZZ_FINDINGS_FILE=<path> also writes them to a file; FUZZ_SEED=<n> explores other seeds).
// Every operation is fuzzed; two need more than their schemas: the Stripe webhook's body is
// signed with the test secret at send time (or carries a well-formed Stripe-Signature that does
// not verify, or none when invalid), and the checkout is fuzzed as the variant this deployment
// serves and documents (the guest one). No webhook worker runs, so
// deliveries stay queued: the fuzz covers the API, not the sends.

const settings = {
  // Generous limits: 429s would mask findings (and 429 is a documented answer anyway).
  RATE_LIMIT_DEFAULT: '1000000/60',
  RATE_LIMIT_CONTACT: '1000000/60',
  RATE_LIMIT_CREDENTIALS: '1000000/60',
  WEBHOOK_PROBE_TIMEOUT_MS: '500',
  // Metrics on, so that its token is asked for (401) rather than the whole path being a 404.
  METRICS_TOKEN: 'fuzz-metrics-token',
}

const seed = Number(process.env.FUZZ_SEED ?? 20_250_915)
/** Requests of each intent per operation. */
const runs = { valid: 60, invalid: 40, credentials: 12 }
const requestTimeoutMs = 10_000

const payload = await getTestPayload(settings)
const webhooks = webhookHarness()
const stripe: FakeStripe = await pointAppAtFakeStripe(payload)
const document = await (await rest('GET', '/api/openapi.json')).json()
const contract = await openApiContract(document)
const schemaBase = await registerDocument(document)

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: any }
type Operation = {
  method: Method
  template: string
  operationId: string
  parameters: Parameter[]
  /** Where the body schema sits in the document (JSON Pointer names), when there is a body. */
  bodyAt?: string[]
  security: Record<string, string[]>[]
  responses: Record<string, unknown>
  /** Which deployment variant of a variant operation is served (checkout). */
  variant?: 'guest' | 'authenticated'
}

type Identity = 'anonymous' | 'admin' | 'editor' | 'customer' | 'consumer' | 'portal' | 'scraper'
type CredentialMix =
  | 'garbage bearer + valid key'
  | 'valid bearer + garbage key'
  | 'garbage bearer'
  | 'garbage key'
  | 'tampered token'
  | 'garbage Payload API key'

type FuzzRequest = {
  intent: 'valid' | 'invalid' | 'credentials' | 'edge'
  /** What the invalid request breaks, for the report. */
  mutation?: string
  pathValues: Record<string, unknown>
  query: Record<string, unknown>
  headers: Record<string, string>
  body?: unknown
  rawBody?: string
  /** Sign the raw body as Stripe would, at send time (the Stripe webhook). */
  signStripe?: boolean
  identity: Identity | CredentialMix
}

type Finding = { item: '3' | '5' | '7' | 'other'; key: string; text: string; count: number }

const findings = new Map<string, Finding>()
const stats = {
  requests: 0,
  operations: new Set<string>(),
  valid: 0,
  invalid: 0,
  credentials: 0,
  edge: 0,
}
const credentials = {} as Record<Identity, Record<string, string>> & { adminToken: string }
const fixtures = {
  authorId: 0,
  tagId: 0,
  productId: 0,
  articleIds: [] as number[],
  subscriptionIds: [] as string[],
  deliveryIds: [] as number[],
  orderIds: [] as number[],
  cursor: '',
  eventTypes: [] as string[],
  endpointUrl: '',
}
let receiver: WebhookReceiver
const startedAt = performance.now()

/** Every operation of the document, DELETEs last so the fixtures they remove serve the rest. */
const operations: Operation[] = Object.entries<any>(document.paths)
  .flatMap(([template, item]) =>
    (['get', 'post', 'put', 'patch', 'delete'] as const).flatMap((method) => {
      const operation = item[method]
      if (!operation) return []
      const base: Operation = {
        method: method.toUpperCase() as Method,
        template,
        operationId: operation.operationId,
        parameters: operation.parameters ?? [],
        bodyAt: operation.requestBody
          ? ['paths', template, method, 'requestBody', 'content', 'application/json', 'schema']
          : undefined,
        security: operation.security ?? [],
        responses: operation.responses,
      }
      // The checkout is documented as the variant this deployment serves (the guest one here;
      // the authenticated variant's own document is checked by openApiContract.test.ts).
      return [base]
    }),
  )
  .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'))

const schemes = (operation: Operation) => new Set(operation.security.flatMap(Object.keys))
const allowsAnonymous = (operation: Operation) =>
  operation.security.some((requirement) => Object.keys(requirement).length === 0)

/**
 * Identities that may call the operation as the document says: `security` names the schemes;
 * among users the admin holds every role, so bearer-only operations (editors or administrators
 * only, per their descriptions) are called as the admin; the metrics scrape with its token.
 */
function suitableIdentities(operation: Operation): Identity[] {
  if (operation.variant === 'authenticated') return ['customer']
  const names = schemes(operation)
  const identities: Identity[] = allowsAnonymous(operation) ? ['anonymous'] : []
  if (names.has('bearerAuth') && names.has('apiKeyAuth')) identities.push('editor', 'consumer')
  else if (names.has('bearerAuth')) identities.push('admin')
  else if (names.has('apiKeyAuth')) identities.push('consumer')
  if (names.has('portalSession')) identities.push('portal')
  if (names.has('metricsToken')) identities.push('scraper')
  return identities.length ? identities : ['anonymous']
}

function headersOf(identity: FuzzRequest['identity']): Record<string, string> {
  const consumerKey = credentials.consumer['x-api-key']!
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
  switch (identity) {
    case 'garbage bearer + valid key':
      return { ...bearer('garbage'), 'x-api-key': consumerKey }
    case 'valid bearer + garbage key':
      return { ...bearer(credentials.adminToken), 'x-api-key': 'garbage' }
    case 'garbage bearer':
      return bearer('garbage')
    case 'garbage key':
      return { 'x-api-key': 'garbage' }
    case 'tampered token':
      return bearer(`${credentials.adminToken.slice(0, -4)}AAAA`)
    case 'garbage Payload API key':
      return { authorization: 'consumers API-Key garbage' }
    default:
      return credentials[identity]
  }
}

/**
 * A portal session of the fuzz consumer, sent as the portal's pages send it: its cookie, from a
 * page of this site (`Origin`, `Host`).
 */
async function portalSessionHeaders(): Promise<Record<string, string>> {
  const site = { host: 'localhost:3000', origin: 'http://localhost:3000' }
  const link = await rest('POST', '/webhooks/portal-sessions', { headers: credentials.consumer })
  const token = new URL((await link.json()).url).hash.replace('#token=', '')
  const opened = await rest('POST', '/webhooks/portal-sessions/exchange', {
    headers: site,
    body: { token },
  })
  expect(opened.status).toBe(200)
  return { ...site, cookie: opened.headers.get('set-cookie')!.split(';')[0]! }
}

/** Hints: real ids and names where the schema alone would almost never hit one. */
function hintsFor(operation: Operation): Hints {
  const { template } = operation
  const pathId = template.includes('deliveries')
    ? fc.constantFrom(...fixtures.deliveryIds)
    : template.includes('subscriptions')
      ? fc.constantFrom(...fixtures.subscriptionIds)
      : fc.constantFrom(...fixtures.articleIds)
  const orderIds = fixtures.orderIds.map(String)
  return {
    'path:id': pathId,
    'query:cursor': fc.constant(fixtures.cursor),
    author_id: fc.constant(fixtures.authorId),
    tag_ids: fc.array(fc.constant(fixtures.tagId), { maxLength: 1 }),
    productId: fc.constantFrom(fixtures.productId, String(fixtures.productId)),
    product_id: fc.constantFrom(fixtures.productId, String(fixtures.productId)),
    country: fc.constantFrom('RU', 'de'),
    endpoint_url: fc.constant(fixtures.endpointUrl),
    events: fc.array(fc.constantFrom('*', ...fixtures.eventTypes), { minLength: 1, maxLength: 3 }),
    since: fc
      .integer({ min: 60, max: 29 * 86_400 })
      .map((seconds) => new Date(Date.now() - seconds * 1000).toISOString()),
    ...(operation.operationId === 'testWebhookSubscription' && {
      event_type: fc.constantFrom(...fixtures.eventTypes),
    }),
    ...(operation.operationId === 'receiveStripeEvent' && {
      type: fc.constantFrom('checkout.session.completed', 'checkout.session.expired'),
      metadata: fc.record({ orderId: fc.constantFrom(...orderIds) }),
    }),
  }
}

/** Arbitrary requests of one operation, of each intent. */
function requestArbitraries(operation: Operation) {
  const schemas = schemaArbitraries(document, hintsFor(operation))
  const bodySchema = operation.bodyAt && pointerGet(operation.bodyAt)
  const ofIn = (where: Parameter['in']) => operation.parameters.filter((p) => p.in === where)
  const params = (where: Parameter['in']) => {
    const list = ofIn(where)
    return fc.record(
      Object.fromEntries(
        list.map((p) => {
          const value = schemas.valid(p.schema, `${where}:${p.name}`)
          if (where === 'header') return [p.name, value.filter(isHeaderSafe)]
          // An empty, `.` or `..` segment would be another path altogether.
          if (where === 'path')
            return [p.name, value.filter((v) => !['', '.', '..'].includes(String(v)))]
          return [p.name, value]
        }),
      ),
      { requiredKeys: list.filter((p) => p.required || where === 'path').map((p) => p.name) },
    )
  }
  const isStripe = operation.operationId === 'receiveStripeEvent'
  const valid: fc.Arbitrary<FuzzRequest> = fc
    .record({
      pathValues: params('path'),
      query: params('query'),
      headerValues: params('header'),
      body: bodySchema ? schemas.valid(bodySchema) : fc.constant(undefined),
      identity: fc.constantFrom(...suitableIdentities(operation)),
      // Stripe: mostly a correct signature; sometimes any string, as the document allows.
      signStripe: isStripe ? fc.boolean() : fc.constant(false),
    })
    .map(({ headerValues, ...request }) => ({
      ...request,
      intent: 'valid' as const,
      headers: headerValues as Record<string, string>,
    }))

  const mutations: fc.Arbitrary<FuzzRequest>[] = []
  const mutate = (name: string, change: fc.Arbitrary<(request: FuzzRequest) => FuzzRequest>) =>
    mutations.push(
      fc
        .tuple(valid, change)
        .map(([request, apply]) => ({ ...apply(request), intent: 'invalid', mutation: name })),
    )
  for (const p of operation.parameters) {
    const where = p.in === 'path' ? 'pathValues' : p.in === 'query' ? 'query' : 'headers'
    let broken = schemas.invalid(p.schema)
    if (p.in === 'path') {
      broken = fc.oneof(broken, fc.constantFrom('\u0000', 'abc', '-1', '0', '99999999999999999999'))
      broken = broken.filter((value) => !['', '.', '..'].includes(String(value)))
    }
    if (p.in === 'query') broken = fc.oneof(broken, fc.constantFrom('\u0000', ''))
    if (p.in === 'header') broken = broken.map(String).filter(isHeaderSafe)
    mutate(
      `${p.in} ${p.name}`,
      broken.map((value) => (request) => ({
        ...request,
        [where]: { ...(request[where] as object), [p.name]: value },
      })),
    )
    if (p.required && p.in !== 'path') {
      mutate(
        `${p.in} ${p.name} missing`,
        fc.constant((request) => {
          const copy = { ...(request[where] as Record<string, unknown>) }
          delete copy[p.name]
          return { ...request, [where]: copy }
        }),
      )
    }
  }
  if (bodySchema) {
    mutate(
      'body',
      schemas.invalid(bodySchema).map((body) => (request) => ({ ...request, body })),
    )
    mutate(
      'raw body',
      fc
        .constantFrom(
          '',
          '{"title":',
          'null',
          '[]',
          '"text"',
          `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
        )
        .map((rawBody) => (request) => ({ ...request, body: undefined, rawBody })),
    )
  }
  if (isStripe) {
    mutate(
      'unsigned',
      fc.constant((request) => ({ ...request, signStripe: false, headers: {} })),
    )
  }
  const invalid = mutations.length ? fc.oneof(...mutations) : undefined

  // An invalid credential beside a valid one (or alone) is a 401 wherever credentials are needed.
  const needsCredentials = !allowsAnonymous(operation) || operation.variant === 'authenticated'
  const credentialMixes = fc
    .tuple(
      valid,
      fc.constantFrom<CredentialMix>(
        'garbage bearer + valid key',
        'valid bearer + garbage key',
        'garbage bearer',
        'garbage key',
        'tampered token',
        'garbage Payload API key',
      ),
    )
    .map(([request, identity]): FuzzRequest => ({ ...request, intent: 'credentials', identity }))
  return {
    valid,
    invalid,
    credentials: needsCredentials && operation.security.length ? credentialMixes : undefined,
  }
}

/** The request as it goes on the wire, with the values the server sees. */
function wire(operation: Operation, request: FuzzRequest) {
  // A lone surrogate goes on the wire as U+FFFD, as URLSearchParams sends it in a query
  // (encodeURIComponent would throw instead).
  const pathname = operation.template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(request.pathValues[name]).replace(/[\uD800-\uDFFF]/gu, '\uFFFD')),
  )
  const query = new URLSearchParams(
    Object.entries(request.query).map(([name, value]) => [name, String(value)]),
  ).toString()
  const url = query ? `${pathname}?${query}` : pathname
  const headers: Record<string, string> = { ...request.headers, ...headersOf(request.identity) }
  let rawBody = request.rawBody
  if (rawBody === undefined && request.body !== undefined) rawBody = JSON.stringify(request.body)
  if (request.signStripe && rawBody !== undefined) {
    for (const name of Object.keys(headers)) {
      if (name.toLowerCase() === 'stripe-signature') delete headers[name]
    }
    const timestamp = Math.floor(Date.now() / 1000)
    const signature = createHmac('sha256', fakeStripeSettings(stripe).STRIPE_WEBHOOK_SECRET)
      .update(`${timestamp}.${rawBody}`, 'utf8')
      .digest('hex')
    headers['stripe-signature'] = `t=${timestamp},v1=${signature}`
  }
  return { url, headers, rawBody }
}

/** The value a parameter's schema applies to: the wire string read as its schema's type. */
function deserialize(schema: any, raw: string): unknown {
  const types = new Set<string>(
    [schema.type, ...(schema.anyOf ?? []).map((s: any) => s.type)].flat().filter(Boolean),
  )
  if ((types.has('integer') || types.has('number')) && /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(raw)) {
    return Number(raw)
  }
  if (types.has('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true'
  return raw
}

/** Whether the request is one the document accepts (its credentials aside). */
async function isDocumentValid(
  operation: Operation,
  request: FuzzRequest,
  wired: { headers: Record<string, string>; rawBody?: string },
) {
  const { rawBody } = wired
  const headers = Object.fromEntries(
    Object.entries(wired.headers).map(([name, value]) => [name.toLowerCase(), value]),
  )
  for (const [index, parameter] of operation.parameters.entries()) {
    const source =
      parameter.in === 'path'
        ? request.pathValues
        : parameter.in === 'query'
          ? request.query
          : headers
    const name = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name
    const value = source[name]
    if (value === undefined) {
      if (parameter.required) return false
      continue
    }
    const at = ['paths', operation.template, operation.method.toLowerCase(), 'parameters']
    const check = await validatorAt([...at, String(index), 'schema'])
    if (!check(deserialize(parameter.schema, String(value)) as any)) return false
  }
  if (!operation.bodyAt) return true
  if (rawBody === undefined) return false
  let body: unknown
  try {
    body = JSON.parse(rawBody)
  } catch {
    return false
  }
  try {
    return (await validatorAt(operation.bodyAt))(body as any)
  } catch {
    // Nesting too deep for the validator (a stack overflow): counted as invalid.
    return false
  }
}

/**
 * Refusals of document-valid input that are rules no JSON Schema can state, so the document
 * cannot be stricter: references to records that do not exist, a window relative to the clock,
 * a Stripe signature of the documented form that does not verify, a cursor this service did not
 * issue, an http(s) endpoint whose address is not allowed.
 */
function isToleratedRefusal(operation: Operation, request: FuzzRequest, status: number) {
  const body = (request.body ?? {}) as Record<string, any>
  const missingReference =
    (body.author_id !== undefined && body.author_id !== fixtures.authorId) ||
    (Array.isArray(body.tag_ids) && body.tag_ids.some((id: unknown) => id !== fixtures.tagId)) ||
    (Array.isArray(body.items) &&
      body.items.some(
        (item: any) => Number(item?.productId ?? item?.product_id) !== fixtures.productId,
      ))
  if (missingReference && (status === 400 || status === 422)) return true
  // No image exists in the fuzzed database: any cover_id names a missing record.
  if (typeof body.cover_id === 'number' && status === 400) return true
  // The fuzzer draws Idempotency-Keys from a small space and may send one again with another
  // body: a checkout key reused for a different request is refused (422), as documented, which
  // no schema can state.
  const idempotencyKey = Object.entries(request.headers).find(
    ([name]) => name.toLowerCase() === 'idempotency-key',
  )
  if (operation.operationId === 'checkout' && idempotencyKey && status === 422) return true
  switch (operation.operationId) {
    case 'createArticleV1':
    case 'replaceArticleV1':
    case 'updateArticleV1': {
      // What the descriptions relate and OpenAPI cannot: a schedule in the future, unpublication
      // after publication, and no publishing in a draft save.
      const at = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : undefined)
      const publishAt = at(body.publish_at)
      const unpublishAt = at(body.unpublish_at)
      const isDraftSave = request.query.draft === 'true' || publishAt !== undefined
      // A locale's first text needs its title (the description says so): a PATCH in another
      // locale than the default without one, on an article without that locale's title.
      const isUntitledLocale =
        operation.operationId === 'updateArticleV1' &&
        request.query.locale !== undefined &&
        request.query.locale !== 'en' &&
        body.title === undefined &&
        status === 400
      return (
        isUntitledLocale ||
        (publishAt !== undefined && publishAt <= Date.now()) ||
        (unpublishAt !== undefined &&
          (unpublishAt <= Date.now() || (publishAt !== undefined && unpublishAt <= publishAt))) ||
        (isDraftSave && body.status === 'published')
      )
    }
    case 'recoverWebhookEvents': {
      const since = Date.parse(body.since)
      const until = body.until === undefined ? Date.now() : Date.parse(body.until)
      return since < Date.now() - 30 * 86_400_000 || until <= since
    }
    case 'listWebhookDeliveries': {
      // As replay's: the window's end (now when absent) must come after its start.
      const since =
        request.query.since === undefined ? undefined : Date.parse(String(request.query.since))
      const until =
        request.query.until === undefined ? Date.now() : Date.parse(String(request.query.until))
      return since !== undefined && until <= since
    }
    case 'replayWebhookDeliveries': {
      // The window's end must come after its start (the description says so).
      const since = Date.parse(body.since)
      const until = body.until === undefined ? Date.now() : Date.parse(body.until)
      return until <= since
    }
    case 'receiveStripeEvent':
      return (
        !request.signStripe &&
        /^t=\d+(,v\d+=[0-9a-f]+)+$/.test(request.headers['Stripe-Signature'] ?? '')
      )
    case 'listArticlesV2':
      return request.query.cursor !== undefined
    case 'listArticlesV1': {
      // Each paging parameter's description says "never together" (OpenAPI cannot relate two
      // parameters); an `after_id` that names no article is a missing record.
      const has = (name: string) => request.query[name] !== undefined
      return (
        ((has('page') || has('per_page')) && (has('after_id') || has('limit'))) || has('after_id')
      )
    }
    case 'createWebhookSubscription':
    case 'updateWebhookSubscription':
      // Event types are records (an admin may add or retire one): an unknown name is a 422.
      if (status === 422 && Array.isArray(body.events)) return true
      return typeof body.endpoint_url === 'string' && /^https?:\/\/[^/]/i.test(body.endpoint_url)
    case 'testWebhookSubscription':
      // Likewise the type a test sends: an unknown name is a 422.
      return status === 422 && typeof body.event_type === 'string'
    default:
      return false
  }
}

/** Copies `value` with `change` applied to every string and number in it. */
function mapLeaves(value: unknown, change: (leaf: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => mapLeaves(item, change))
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, mapLeaves(item, change)]),
    )
  }
  return change(value)
}

/** Copies `value` with whatever lies deeper than `depth` levels cut off. */
function shallow(value: unknown, depth = 50): unknown {
  if (value === null || typeof value !== 'object') return value
  if (depth === 0) return Array.isArray(value) ? [] : {}
  if (Array.isArray(value)) return value.map((item) => shallow(item, depth - 1))
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, shallow(item, depth - 1)]),
  )
}

const beyondInt4 = (leaf: unknown) =>
  (typeof leaf === 'number' && Math.abs(leaf) > 2_147_483_647) ||
  (typeof leaf === 'string' && /^-?\d{10,}$/.test(leaf) && Math.abs(Number(leaf)) > 2_147_483_647)
const edgeTimestamp = (leaf: unknown) =>
  typeof leaf === 'string' &&
  /^(0000-\d\d-\d\d.*|\d{4}-\d\d-\d\dT.*[+-](1[6-9]|2\d):\d\d)$/.test(leaf)

/**
 * The hostile values a request may carry, each with a way to take it out: a 5xx is put down to
 * those whose removal makes it go away (the request is sent again without each in turn).
 */
const hostileValues: {
  name: string
  without: (request: FuzzRequest) => FuzzRequest
}[] = [
  {
    name: 'NUL character',
    without: (request) => ({
      ...neutralize(request, (leaf) =>
        typeof leaf === 'string' ? leaf.replaceAll('\u0000', '') : leaf,
      ),
      rawBody: request.rawBody?.replaceAll('\\u0000', ''),
    }),
  },
  {
    name: 'integer beyond int4',
    without: (request) => neutralize(request, (leaf) => (beyondInt4(leaf) ? 1 : leaf)),
  },
  {
    name: 'Lexical children not objects',
    without: (request) => {
      const body = request.body as any
      if (!Array.isArray(body?.body?.root?.children)) return request
      return { ...request, body: { ...body, body: { root: { ...body.body.root, children: [] } } } }
    },
  },
  {
    name: 'timestamp of year 0000 or offset beyond ±15:59',
    without: (request) =>
      neutralize(request, (leaf) =>
        edgeTimestamp(leaf)
          ? String(leaf)
              .replace(/^0000/, '2024')
              .replace(/[+-]\d\d:\d\d$/, 'Z')
          : leaf,
      ),
  },
  {
    name: 'deeply nested JSON',
    without: (request) =>
      request.rawBody?.startsWith('[[[[')
        ? { ...request, rawBody: '[]' }
        : { ...request, body: shallow(request.body) },
  },
]

function neutralize(request: FuzzRequest, change: (leaf: unknown) => unknown): FuzzRequest {
  return {
    ...request,
    pathValues: mapLeaves(request.pathValues, change) as Record<string, unknown>,
    query: mapLeaves(request.query, change) as Record<string, unknown>,
    body: request.body === undefined ? undefined : mapLeaves(request.body, change),
  }
}

/** A request without any of the hostile values. */
const benign = (request: FuzzRequest) =>
  hostileValues.reduce((current, hostile) => hostile.without(current), request)

/** Edge values for one leaf of a request: NUL, int4 overflows, extreme timestamps. */
function edgesOf(leaf: unknown, isPath: boolean): unknown[] {
  if (typeof leaf === 'number') return [2_147_483_648, 9_999_999_999]
  if (typeof leaf !== 'string') return []
  const edges: unknown[] = [isPath ? '\u0000' : `${leaf}\u0000`]
  if (/^\d+$/.test(leaf)) edges.push('2147483648', '9999999999')
  if (/^\d{4}-\d\d-\d\dT/.test(leaf))
    edges.push('0000-01-01T00:00:00Z', '2024-06-01T12:00:00+23:59')
  else if (/^\d{4}-\d\d-\d\d$/.test(leaf)) edges.push('0000-01-01')
  return edges
}

/**
 * One-factor edge sweep: from a benign valid request, one request per edge value of each path
 * and query parameter and of each leaf of the body (arrays also get non-object items), so that
 * every place a value reaches the database meets NUL, int4 overflows and extreme timestamps.
 */
function edgeSweep(operation: Operation, baseline: FuzzRequest): FuzzRequest[] {
  const sweep: FuzzRequest[] = []
  const variant = (where: string, change: (request: FuzzRequest) => FuzzRequest) =>
    sweep.push({ ...change(structuredClone(baseline)), intent: 'edge', mutation: `edge ${where}` })
  // Parameters one at a time, on a baseline without the optional ones (some exclude others).
  const required = (p: Parameter) => p.required || p.in === 'path'
  const bare = {
    ...baseline,
    query: Object.fromEntries(
      Object.entries(baseline.query).filter(([name]) =>
        operation.parameters.some((p) => p.in === 'query' && p.name === name && required(p)),
      ),
    ),
  }
  for (const parameter of operation.parameters) {
    if (parameter.in === 'header') continue
    const place = parameter.in === 'path' ? 'pathValues' : 'query'
    const schema = schemaAt(parameter.schema)
    const example =
      schema.type === 'integer'
        ? 1
        : schema.format === 'date'
          ? '2024-01-01'
          : schema.format === 'date-time'
            ? '2024-01-01T00:00:00Z'
            : 'text'
    for (const edge of edgesOf(example, parameter.in === 'path')) {
      sweep.push({
        ...structuredClone(bare),
        [place]: { ...bare[place], [parameter.name]: edge },
        intent: 'edge',
        mutation: `edge ${parameter.in} ${parameter.name}`,
      })
    }
  }
  const leaves: { path: (string | number)[]; value: unknown }[] = []
  const walk = (value: unknown, path: (string | number)[]) => {
    if (leaves.length > 40) return
    if (Array.isArray(value)) {
      leaves.push({ path, value })
      value.forEach((item, index) => walk(item, [...path, index]))
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key])
    } else leaves.push({ path, value })
  }
  if (baseline.body && typeof baseline.body === 'object') walk(baseline.body, [])
  for (const { path, value } of leaves) {
    if (!path.length) continue
    const edges = Array.isArray(value) ? [[1, 'text', null]] : edgesOf(value, false)
    for (const edge of edges) {
      variant(`body ${path.join('.')}`, (request) => {
        const parent = path.slice(0, -1).reduce((node: any, key) => node[key], request.body)
        parent[path.at(-1)!] = edge
        return request
      })
    }
  }
  return sweep
}

/** Sends the request as it goes on the wire, bounded by the timeout. */
async function exchange(operation: Operation, request: FuzzRequest) {
  const { url, headers, rawBody } = wire(operation, request)
  stats.requests++
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), requestTimeoutMs)
  })
  const answered = (async () => {
    const response = await rest(operation.method, url, { headers, rawBody })
    return { status: response.status, headers: response.headers, text: await response.text() }
  })()
  const answer = await Promise.race([answered, deadline]).finally(() => clearTimeout(timer))
  return { url, headers, rawBody, answer }
}

/** Which hostile values a 5xx is down to: those whose removal alone makes it go away. */
async function causesOf(operation: Operation, request: FuzzRequest) {
  const causes: string[] = []
  for (const hostile of hostileValues) {
    const without = hostile.without(request)
    if (JSON.stringify(without) === JSON.stringify(request)) continue
    const { answer } = await exchange(operation, without)
    if (answer !== 'hang' && answer.status < 500) causes.push(hostile.name)
  }
  if (causes.length) return causes.join(' / ')
  const clean = hostileValues.reduce((current, hostile) => hostile.without(current), request)
  const { answer } = await exchange(operation, clean)
  if (answer !== 'hang' && answer.status < 500) return 'several hostile values together'
  return `no hostile value${request.mutation ? ` (${request.mutation})` : ''}`
}

function record(item: Finding['item'], key: string, text: string) {
  const existing = findings.get(key)
  if (existing) existing.count++
  else findings.set(key, { item, key, text, count: 1 })
}

/** Why the server refused, short and without the values (for deduplication). */
function causeOf(json: any): string {
  const error = json?.error ?? json?.errors?.[0]
  if (json?.invalid_events) return 'unknown event types'
  if (Array.isArray(error?.details) && error.details.length) {
    return [
      ...new Set(error.details.map((d: any) => String(d.field).replace(/\.\d+/g, '.n'))),
    ].join(',')
  }
  const message = typeof error === 'string' ? error : String(error?.message ?? '')
  const fields = [...message.matchAll(/(?:^Invalid input: |; )([\w.]+):/g)].map((m) =>
    m[1]!.replace(/\.\d+/g, '.n'),
  )
  if (fields.length) return [...new Set(fields)].join(',')
  return message
    .replace(/"[^"]*"|\d+/g, '…')
    .replace(/:.*$/, '')
    .slice(0, 60)
}

async function send(operation: Operation, request: FuzzRequest) {
  const { url, headers, rawBody, answer } = await exchange(operation, request)
  // Signing out ends the portal session the other requests use: they get a new one.
  if (operation.operationId === 'endPortalSession' && request.identity === 'portal') {
    credentials.portal = await portalSessionHeaders()
  }
  const documentValid = await isDocumentValid(operation, request, { headers, rawBody })
  const where = `${operation.method} ${operation.template}${operation.variant ? ` (${operation.variant})` : ''}`
  const shown = `${operation.method} ${url.slice(0, 160)}${rawBody ? ` ${rawBody.slice(0, Number(process.env.FUZZ_SHOW_BODY) || 200)}` : ''} [as ${request.identity}]`
  stats[request.intent]++
  if (answer === 'hang') {
    record('3', `${where}|hang`, `${where}: no answer within ${requestTimeoutMs} ms: ${shown}`)
    return
  }
  const brief = `${answer.status} ${answer.text.slice(0, 160)}`
  let json: any
  try {
    json = answer.text ? JSON.parse(answer.text) : null
  } catch {
    json = null
  }
  if (answer.status >= 500) {
    const cause = await causesOf(operation, request)
    const isHostile = !cause.startsWith('no hostile value')
    record(
      isHostile ? '3' : 'other',
      `${where}|5xx|${cause}`,
      `${where}: 5xx from ${cause}: ${shown} → ${brief}`,
    )
    return // a 5xx is a finding whatever it says; its body is not checked further
  }
  try {
    await contract.expectConforms(operation.method, url, answer)
  } catch (error) {
    const message = (error as Error).message
    const short = message.split('\n').slice(0, 2).join(' ').replace(url, '').slice(0, 200)
    record(
      'other',
      `${where}|contract|${answer.status}`,
      `${where}: answer does not match the document: ${short}`,
    )
  }
  if (request.intent === 'credentials') {
    if (answer.status !== 401 && answer.status !== 429) {
      record(
        '5',
        `${where}|credentials|${request.identity}`,
        `${where}: ${request.identity} is not a 401: ${shown} → ${brief}`,
      )
    }
    return
  }
  if (documentValid) {
    const refused = answer.status === 400 || answer.status === 422
    if (refused && !isToleratedRefusal(operation, request, answer.status)) {
      const cause = causeOf(json)
      record(
        '7',
        `${where}|refused|${cause}`,
        `${where}: document-valid input refused (${cause}): ${shown} → ${brief}`,
      )
    }
    // A preview token the fuzzer made up is not one this service signed: 401, as documented.
    const isMadeUpPreviewToken = answer.status === 401 && request.query.preview_token !== undefined
    // A portal link token the fuzzer made up opens nothing (401); and the fuzzer is no page of
    // this site (no Origin of its own: 403), as the description says.
    const isMadeUpPortalLink = operation.operationId === 'exchangePortalLink'
    if (
      (answer.status === 401 || answer.status === 403) &&
      !isMadeUpPreviewToken &&
      !isMadeUpPortalLink
    ) {
      record(
        'other',
        `${where}|identity|${answer.status}`,
        `${where}: the suitable identity was refused: ${shown} → ${brief}`,
      )
    }
  } else if (answer.status < 400) {
    // The server is more lenient than the document here (it drops an empty `include`, answers
    // every verified Stripe event 200 as the spec says, ...): a client generated from the
    // document never sends this, and the answer itself matches the document. Reported, not failed.
    lenient.add(`${where}: invalid input (${request.mutation}) accepted: ${shown} → ${brief}`)
  }
}

/** Requests the document calls invalid that the server served anyway (printed at the end). */
const lenient = new Set<string>()

beforeAll(async () => {
  receiver = await webhooks.receiver()
  fixtures.endpointUrl = receiver.url('/fuzz')
  await seedWebhookEventTypes(payload)
  const bearer = async (role: 'admin' | 'editor' | 'customer') =>
    (await userWithToken(payload, role)).token
  credentials.adminToken = await bearer('admin')
  credentials.admin = { authorization: `Bearer ${credentials.adminToken}` }
  credentials.editor = { authorization: `Bearer ${await bearer('editor')}` }
  credentials.customer = { authorization: `Bearer ${await bearer('customer')}` }
  credentials.consumer = await consumerHeaders(payload, 'Fuzz consumer')
  credentials.anonymous = {}
  credentials.scraper = { authorization: `Bearer ${settings.METRICS_TOKEN}` }
  credentials.portal = await portalSessionHeaders()

  fixtures.authorId = (await payload.create({ collection: 'authors', data: { name: 'Fuzz' } })).id
  fixtures.tagId = (
    await payload.create({ collection: 'tags', data: { name: 'Fuzz', slug: 'fuzz' } })
  ).id
  fixtures.productId = (await createProduct(payload, { price: 12.5, stock: 1_000_000 })).id
  for (const status of ['published', 'published', 'draft']) {
    const created = await rest('POST', '/api/v1/articles', {
      headers: credentials.editor,
      body: {
        title: `Fuzz fixture ${fixtures.articleIds.length}`,
        slug: `fuzz-fixture-${fixtures.articleIds.length}`,
        author_id: fixtures.authorId,
        tag_ids: [fixtures.tagId],
        status,
      },
    })
    expect(created.status).toBe(201)
    fixtures.articleIds.push((await created.json()).data.id)
  }
  const page = await rest('GET', '/api/v2/articles?limit=1', { headers: credentials.editor })
  fixtures.cursor = (await page.json()).meta.next_cursor
  fixtures.eventTypes = (
    (await (
      await rest('GET', '/webhooks/event-types', {
        headers: credentials.consumer,
      })
    ).json()) as { data: { name: string }[] }
  ).data.map((type) => type.name)
  for (let n = 0; n < 2; n++) {
    const created = await rest('POST', '/webhooks/subscriptions', {
      headers: credentials.consumer,
      body: { endpoint_url: fixtures.endpointUrl, events: ['*'] },
    })
    expect(created.status).toBe(201)
    const id = (await created.json()).id
    fixtures.subscriptionIds.push(id)
    const test = await rest('POST', `/webhooks/subscriptions/${id}/test`, {
      headers: credentials.consumer,
    })
    fixtures.deliveryIds.push((await test.json()).data.delivery_id)
  }
  const placed = await rest('POST', '/api/orders/checkout', {
    body: {
      items: [{ productId: fixtures.productId, quantity: 1 }],
      customerEmail: 'fuzz@example.com',
      shippingAddress: { name: 'F', line1: 'L', city: 'C', postal_code: '1', country: 'RU' },
    },
  })
  expect(placed.status).toBe(201)
  fixtures.orderIds.push((await placed.json()).orderId)
})

afterAll(async () => {
  await stripe.stop()
})

describe('every operation of the served document, fuzzed', () => {
  for (const [index, operation] of operations.entries()) {
    const name = `${operation.method} ${operation.template}${operation.variant ? ` (${operation.variant} variant)` : ''}`
    it(name, { timeout: 120_000 }, async () => {
      // The configuration comes back when the test ends, however it ends.
      if (operation.variant === 'authenticated') {
        onTestFinished(handInConfig(payload, { CHECKOUT_REQUIRE_AUTH: 'true' }))
      }
      const arbitraries = requestArbitraries(operation)
      const operationSeed = seed + index * 7919
      const requests = [
        ...fc.sample(arbitraries.valid, { seed: operationSeed, numRuns: runs.valid }),
        ...(arbitraries.invalid
          ? fc.sample(arbitraries.invalid, { seed: operationSeed + 1, numRuns: runs.invalid })
          : []),
        ...edgeSweep(
          operation,
          benign({
            ...fc.sample(arbitraries.valid, { seed: operationSeed + 3, numRuns: 1 })[0]!,
            ...(operation.operationId === 'receiveStripeEvent' && { signStripe: true }),
          }),
        ),
        ...(arbitraries.credentials
          ? fc.sample(arbitraries.credentials, {
              seed: operationSeed + 2,
              numRuns: runs.credentials,
            })
          : []),
      ]
      for (const request of requests) await send(operation, request)
      stats.operations.add(`${operation.method} ${operation.template}`)
    })
  }

  it('finds nothing', () => {
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(0)
    console.log(
      `fuzz: ${stats.requests} requests (${stats.valid} valid, ${stats.invalid} invalid, ` +
        `${stats.edge} edge sweep, ${stats.credentials} credential mixes, the rest re-sent to ` +
        `find the cause of a 5xx) over ${stats.operations.size} operations ` +
        `in ${seconds} s, seed ${seed}; ${lenient.size} kinds of invalid input served anyway`,
    )
    const report = [...findings.values()]
      .sort((a, b) => a.item.localeCompare(b.item) || a.key.localeCompare(b.key))
      .map((finding) => `[item ${finding.item}] (${finding.count}×) ${finding.text}`)
    if (process.env.FUZZ_FINDINGS_FILE) {
      writeFileSync(process.env.FUZZ_FINDINGS_FILE, `${report.join('\n')}\n`)
    }
    expect(stats.operations.size, 'every operation of the document was fuzzed').toBe(
      new Set(operations.map((o) => `${o.method} ${o.template}`)).size,
    )
    expect(report, `${report.length} findings:\n${report.join('\n')}`).toEqual([])
  })
})

/** `schema`, or what its `$ref` points at. */
const schemaAt = (schema: any): any =>
  schema?.$ref ? schemaAt(pointerGet(String(schema.$ref).replace(/^#\//, '').split('/'))) : schema

/** The schema at `names` in the document. */
function pointerGet(names: string[]) {
  return names.reduce((node: any, name) => node?.[name], document)
}

const validators = new Map<string, Validator>()

/** A validator for the schema at `names` of the served document (compiled once). */
async function validatorAt(names: string[]) {
  const key = names.join('\u0001')
  let validator = validators.get(key)
  if (!validator) {
    const pointer = names
      .map((name) => name.replaceAll('~', '~0').replaceAll('/', '~1'))
      .map(encodeURIComponent)
      .join('/')
    validator = await validate(`${schemaBase}#/${pointer}`)
    validators.set(key, validator)
  }
  const compiled = validator
  return (value: any) => compiled(value).valid
}

/** Writes the document where the validator can load it by URL; returns that URL. */
async function registerDocument(served: unknown) {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'fuzz-'))
  const file = path.join(directory, 'fuzz.openapi.json')
  await writeFile(file, JSON.stringify(served))
  return pathToFileURL(file).href
}
