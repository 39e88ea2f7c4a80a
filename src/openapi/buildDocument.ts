import { portalCookieName } from '@/identity/portal/portalTokens'
import { z } from 'zod'
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi'

import { errorCodeMeanings, type ErrorCode } from '@/http/errors'
import { defaultPolicies } from '@/http/rateLimitPolicy'
import { WebhookEvents, type EventTypeDefinition } from '@/webhooks/eventCatalogue'
import { codesByStatus, errorEnvelope } from './errorSchemas'
import {
  apiTags,
  type DocumentedOperation,
  type EndpointReference,
  type ResponseDocs,
  type SecurityScheme,
  type VariantOperation,
} from './operation'
import type { AppConfig } from '@/config/appConfig'
import { rewrittenPrefixes } from '@/http/publicPaths.mjs'

/** The path integrators call for an endpoint below `/api` (`/v1/articles/:id` → `/api/v1/articles/{id}`). */
export function publicPath(apiPath: string): string {
  const templated = apiPath.replace(/:(\w+)/g, '{$1}')
  const isRewritten = rewrittenPrefixes.some(
    (prefix) => templated === prefix || templated.startsWith(`${prefix}/`),
  )
  return isRewritten ? templated : `/api${templated}`
}

const digits = z.string().regex(/^\d+$/)
const rateLimitHeaders = {
  'RateLimit-Limit': digits.meta({
    header: { id: 'RateLimit-Limit' },
    description: 'Requests allowed in the current window',
  }),
  'RateLimit-Remaining': digits.meta({
    header: { id: 'RateLimit-Remaining' },
    description: 'Requests left in the current window',
  }),
  'RateLimit-Reset': digits.meta({
    header: { id: 'RateLimit-Reset' },
    description: 'Seconds until the window resets',
  }),
}
const requestIdHeader = {
  'X-Request-Id': z
    .string()
    .optional()
    .meta({
      header: { id: 'X-Request-Id' },
      description:
        "The request's id (the caller's own `X-Request-Id` when it sent one), for support questions",
    }),
}
const retryAfter = digits.meta({
  header: { id: 'Retry-After' },
  description: 'Seconds to wait before retrying',
})

const securitySchemeNames: Record<SecurityScheme, string> = {
  bearer: 'bearerAuth',
  apiKey: 'apiKeyAuth',
  portalSession: 'portalSession',
  metricsToken: 'metricsToken',
}

function security(operation: DocumentedOperation) {
  const schemes =
    operation.docs.security ??
    (operation.access === 'anyone' || operation.access === 'authenticated'
      ? (['bearer', 'apiKey'] as const)
      : (['bearer'] as const))
  const requirements = schemes.map((scheme) => ({ [securitySchemeNames[scheme]]: [] }))
  // Anonymous callers are welcome where access is `anyone`; credentials may widen what they see.
  // Schemes an operation names itself (the metrics token) are required.
  const isAnonymousWelcome = operation.access === 'anyone' && !operation.docs.security
  return isAnonymousWelcome ? [{}, ...requirements] : requirements
}

/** Every error code an operation can answer with: its own plus those its definition implies. */
export function errorCodesOf(operation: DocumentedOperation): ErrorCode[] {
  const { docs } = operation
  return [
    ...(docs.errors ?? []),
    ...(docs.query || docs.body ? (['validation_failed'] as const) : []),
    ...(docs.body ? (['bad_request', 'payload_too_large', 'unsupported_media_type'] as const) : []),
    ...(operation.access !== 'anyone' ? (['unauthorized'] as const) : []),
    ...(operation.access === 'editor' || operation.access === 'admin'
      ? (['forbidden'] as const)
      : []),
    // A change sent with the app's cookies from another origin (src/http/cookieOrigin.mjs).
    ...(operation.method !== 'get' ? (['forbidden'] as const) : []),
    ...(operation.rateLimit !== 'none' ? (['rate_limited'] as const) : []),
  ]
}

const sharedResponses = new Map<string, ZodOpenApiResponseObject>()

/** Whether the answers of `status` carry the `RateLimit-*` headers. */
function hasRateLimitHeaders(operation: DocumentedOperation, status: number): boolean {
  if (operation.rateLimit === 'none') return false
  return !operation.countsOnlyRefusals || [400, 401, 429].includes(status)
}

function response(
  docs: ResponseDocs,
  status: number,
  isRateLimited: boolean,
): ZodOpenApiResponseObject {
  const shared = docs.id ? sharedResponses.get(docs.id) : undefined
  if (shared) return shared
  const object: ZodOpenApiResponseObject = {
    id: docs.id,
    description: docs.description,
    headers: z.object({
      ...(isRateLimited && rateLimitHeaders),
      ...requestIdHeader,
      ...(status === 429 && { 'Retry-After': retryAfter }),
      ...docs.headers?.shape,
    }),
    ...(docs.schema && {
      content: { [docs.contentType ?? 'application/json']: { schema: docs.schema } },
    }),
  }
  // A named response is one object, registered once however many operations answer it.
  if (docs.id) sharedResponses.set(docs.id, object)
  return object
}

/** The responses of one operation: its own, then one per error status in its family's envelope. */
function responses(operation: DocumentedOperation): Map<number, ResponseDocs> {
  const all = new Map<number, ResponseDocs>()
  for (const [status, docs] of Object.entries(operation.docs.responses)) {
    if (docs) all.set(Number(status), docs)
  }
  for (const [status, codes] of codesByStatus(errorCodesOf(operation))) {
    if (all.has(status)) continue
    all.set(status, {
      // Probes' answers carry no rate-limit headers: their shared errors are separate ones.
      id: `${operation.family}.${codes.join('.')}${
        operation.rateLimit === 'none'
          ? '.probe'
          : hasRateLimitHeaders(operation, status)
            ? ''
            : '.uncounted'
      }`,
      description: codes.map((code) => `\`${code}\`: ${errorCodeMeanings[code]}`).join(' '),
      schema: errorEnvelope(operation.family, codes),
    })
  }
  return all
}

function pathParams(operation: DocumentedOperation) {
  if (operation.docs.params) return operation.docs.params
  const names = [...operation.path.matchAll(/:(\w+)/g)].map((match) => match[1]!)
  return names.length
    ? z.object(Object.fromEntries(names.map((name) => [name, z.string()])))
    : undefined
}

function operationObject(operation: DocumentedOperation): ZodOpenApiOperationObject {
  const { docs } = operation
  const params = pathParams(operation)
  return {
    operationId: docs.operationId,
    summary: docs.summary,
    description: docs.description,
    tags: docs.tags,
    security: security(operation),
    ...((params || docs.query || docs.headers) && {
      requestParams: {
        ...(params && { path: params }),
        ...(docs.query && { query: docs.query }),
        ...(docs.headers && { header: docs.headers }),
      },
    }),
    ...(docs.body && {
      requestBody: {
        // Required unless an empty body is served (a default, or a PATCH that changes nothing).
        required: !(docs.bodyOptional || docs.body.safeParse(undefined).success),
        content: { 'application/json': { schema: docs.body } },
      },
    }),
    responses: Object.fromEntries(
      [...responses(operation)].map(([status, docs]) => [
        String(status),
        response(docs, status, hasRateLimitHeaders(operation, status)),
      ]),
    ) as ZodOpenApiResponsesObject,
  }
}

/** The served variant's operation, its description naming the variants and which one this is. */
export function servedVariant(
  { variants, served, summary, description }: VariantOperation,
  config: AppConfig,
): DocumentedOperation {
  const operation = variants[served(config)]
  if (!operation) throw new Error(`No variant ${served(config)} of ${summary}`)
  const others = variants.filter((variant) => variant !== operation)
  return {
    ...operation,
    docs: {
      ...operation.docs,
      summary,
      description: [
        description,
        `**This deployment serves ${operation.docs.summary}**: ${operation.docs.description ?? ''}`,
        ...others.map(
          (other) =>
            `Not served here: ${other.docs.summary}, with its own body, answers and errors.`,
        ),
      ].join('\n\n'),
    },
  }
}

/** The Standard Webhooks headers of every delivery. */
const deliveryHeaders = z.object({
  'webhook-id': z.string().describe("The event's id, the same on every attempt: deduplicate on it"),
  'webhook-timestamp': digits.describe('Seconds since the Unix epoch when this attempt was signed'),
  'webhook-signature': z
    .string()
    .regex(/^v1,[A-Za-z0-9+/]+={0,2}( v1,[A-Za-z0-9+/]+={0,2})*$/)
    .describe(
      'Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{raw body}`, ' +
        'keyed with the base64-decoded secret; two during the 10 minutes after a rotation, the new ' +
        "secret's first",
    ),
  'content-type': z.literal('application/json'),
  'webhook-test': z
    .literal('true')
    .optional()
    .describe(
      'Only on a test event (sent to one subscription on request): its `data` is made up. ' +
        'The signature does not cover headers; the body\'s `"test": true` is signed',
    ),
})

function webhookObject(event: EventTypeDefinition): ZodOpenApiOperationObject {
  const envelope = z.strictObject({
    id: z.string().describe('The event id (also `webhook-id`)'),
    type: z.literal(event.name),
    timestamp: z.iso.datetime().describe('When the event happened'),
    test: z
      .literal(true)
      .optional()
      .describe(
        'Present only on a test (`POST /webhooks/subscriptions/{id}/test`), sent to one ' +
          "subscription: `data` is the type's made-up example, about no real record",
      ),
    data: event.payload,
  })
  return {
    operationId: `webhook:${event.name}`,
    summary: event.description,
    description:
      event.name === WebhookEvents.Test
        ? 'Sent only to the subscription being tested: on creation and on `POST /webhooks/subscriptions/{id}/test`.'
        : `Sent to every active subscription whose \`events\` list \`${event.name}\` or \`*\`, ` +
          `of a consumer holding the \`${event.grant}\` grant; ` +
          'its example, marked `"test": true`, to one subscription on ' +
          '`POST /webhooks/subscriptions/{id}/test` with this `event_type`.',
    tags: ['Webhook events'],
    security: [],
    requestParams: { header: deliveryHeaders },
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: envelope,
          example: {
            id: '0d6c1f7e-2b1a-4c55-9a53-5bd3d8a0f4c1',
            type: event.name,
            timestamp: '2026-01-15T10:05:00.000Z',
            data: event.examplePayload,
          },
        },
      },
    },
    responses: {
      '2XX': {
        description:
          'Acknowledged. Anything else (another status, a redirect, a timeout, a refused ' +
          'connection) is a failed attempt and is retried.',
      },
    },
  }
}

const introduction = `One API for the content, the shop and the webhook platform of this service.

**Authentication.** Users send \`Authorization: Bearer <token>\` (from \`POST /api/users/login\`);
API consumers send \`X-API-Key: <key>\` (or \`Authorization: consumers API-Key <key>\`). Missing or
invalid credentials are 401, valid ones without the permission 403.

**Errors** come in the envelope of the endpoint's family: \`/api/v1/...\` and \`/webhooks/...\`
answer \`{ "error": { "code", "message", "details"? } }\` (switch on \`code\`); guest checkout,
search, contact and the admin action \`{ "error": "<message>" }\`; the authenticated checkout and
the sales report \`{ "errors": [{ "message" }] }\`.

**Rate limits.** Every endpoint below but the Operations probes counts requests per consumer, user or client address
(${defaultPolicies.default.points} per ${defaultPolicies.default.windowSeconds} s by default, the contact form
${defaultPolicies.contact.points} per ${defaultPolicies.contact.windowSeconds} s) and answers with \`RateLimit-Limit\`,
\`RateLimit-Remaining\` and \`RateLimit-Reset\`; over the limit it is 429 with \`Retry-After\`.

**Versions.** Articles are versioned in the path (\`/api/v1\`, \`/api/v2\`); webhook and checkout
endpoints carry no version. **Webhooks** (the outbound requests to subscribers) are listed after
the paths, one per event type.`

/**
 * The OpenAPI 3.1 document of every custom endpoint, generated from the reference entries the
 * endpoints carry and the zod schemas that validate their input and describe their output,
 * plus one outbound webhook per event type of the catalogue.
 */
export function buildOpenApiDocument(args: {
  references: EndpointReference[]
  events: readonly EventTypeDefinition[]
  serverUrl: string
  version: string
  /** The deployment's configuration: which variant each variant endpoint serves. */
  config: AppConfig
}) {
  const paths: ZodOpenApiPathsObject = {}
  for (const reference of args.references) {
    const operation = 'variants' in reference ? servedVariant(reference, args.config) : reference
    const path = publicPath(operation.path)
    paths[path] = { ...paths[path], [operation.method]: operationObject(operation) }
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Content & Shop API',
        version: args.version,
        description: introduction,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: args.serverUrl, description: 'This deployment' }],
      tags: [
        ...apiTags,
        {
          name: 'Webhook events',
          description:
            'The requests this service sends to subscribers (see docs/webhooks.md for verifying them).',
        },
      ],
      paths,
      webhooks: Object.fromEntries(
        args.events.map((event) => [event.name, { post: webhookObject(event) }]),
      ),
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A user token from `POST /api/users/login`',
          },
          apiKeyAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'X-API-Key',
            description: "An API consumer's key (issued by an administrator)",
          },
          portalSession: {
            type: 'apiKey',
            in: 'cookie',
            name: portalCookieName,
            description:
              "The integrator portal's session, opened from a link of `POST /webhooks/portal-sessions`. " +
              'Changes need an `Origin` of this site; a read-only session is refused them (403).',
          },
          metricsToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The `METRICS_TOKEN` of the deployment, for the metrics scrape',
          },
        },
      },
    },
    {
      // zod renders `.int()` with JavaScript's safe-integer bounds; they say nothing to a reader.
      override: ({ jsonSchema, io }) => {
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum
        // A locale parameter takes the deployment's locales (`localeParam`, `localeParams`).
        const localeKind = jsonSchema['x-content-locale']
        if (localeKind !== undefined) {
          delete jsonSchema['x-content-locale']
          delete jsonSchema.maxLength
          const locales = args.config.content.locales
          jsonSchema.enum = localeKind === 'fallback' ? ['none', locales[0]] : [...locales]
        }
        // The input layer refuses a NUL character in every string a request sends (PostgreSQL
        // cannot store it): said once per string, combinable with its own pattern.
        if (
          io === 'input' &&
          jsonSchema.type === 'string' &&
          !jsonSchema.enum &&
          !('const' in jsonSchema)
        ) {
          jsonSchema.not = { type: 'string', pattern: '\\u0000' }
        }
      },
    },
  )
}
