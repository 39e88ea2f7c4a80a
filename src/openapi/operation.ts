import type { z } from 'zod'

import type { ErrorFamily } from '@/http/envelopes'
import type { ErrorCode } from '@/http/errors'
import type { PolicyName } from '@/http/rateLimitPolicy'
import type { AppConfig } from '@/config/appConfig'

/** Who may call an endpoint. */
export type EndpointAccess = 'anyone' | 'authenticated' | 'editor' | 'admin'

/** The groups of the reference, in the order a reader meets them. */
export const apiTags = [
  { name: 'Identity', description: 'Who the credentials of a request belong to.' },
  {
    name: 'Articles',
    description:
      'Articles with their authors, tags and comments. v1 reads and writes; v2 reads only, with ' +
      'cursors and sparse fieldsets (`Accept: application/vnd.app.v2+json` on `/api/articles` ' +
      'reaches it too).',
  },
  { name: 'Search', description: 'Search across articles, products and pages.' },
  {
    name: 'Webhook subscriptions',
    description:
      'Subscriptions of an API consumer to business events, their delivery log and the event ' +
      'types. The deliveries themselves are described under Webhooks (the outbound requests).',
  },
  { name: 'Shop', description: 'Checkout with Stripe, and the Stripe webhook.' },
  { name: 'Contact', description: 'The contact form.' },
  { name: 'Administration', description: 'Reports and audited actions for administrators.' },
  {
    name: 'Operations',
    description:
      'Health checks for load balancers and orchestrators, and metrics for Prometheus: no rate ' +
      'limit, no user or consumer credentials.',
  },
  { name: 'Reference', description: 'This document.' },
] as const

export type ApiTag = (typeof apiTags)[number]['name']

/** One response an operation documents besides the errors of its family's envelope. */
export type ResponseDocs = {
  /** Names the response as a shared component (`#/components/responses/<id>`). */
  id?: string
  description: string
  /** The body (JSON unless `contentType` says otherwise); none when absent. */
  schema?: z.ZodType
  contentType?: string
  /** Headers of this response besides the rate-limit and request-id headers every answer has. */
  headers?: z.ZodObject
}

/**
 * How to authenticate: Bearer token (users), `X-API-Key` (API consumers), the operator's
 * the integrator portal's session cookie (the webhook routes the portal calls), the operator's
 * `METRICS_TOKEN` as a Bearer token (the metrics scrape).
 */
export type SecurityScheme = 'bearer' | 'apiKey' | 'portalSession' | 'metricsToken'

/**
 * The reference entry of one endpoint, written beside its handler. The OpenAPI document is
 * generated from these and from the same zod schemas the handler validates its input with.
 */
export type OperationDocs = {
  operationId: string
  summary: string
  description?: string
  tags: ApiTag[]
  /** Path parameters; every `:name` of the path is a string unless described here. */
  params?: z.ZodObject
  query?: z.ZodType<unknown, Record<string, unknown>>
  /** Request headers the operation reads. */
  headers?: z.ZodObject
  /** The JSON body. */
  body?: z.ZodType
  /** An empty body is served as `{}` (a PATCH changing nothing): the body is not required. */
  bodyOptional?: boolean
  /** Success answers (and any answer whose body is not the family's error envelope). */
  responses: Partial<Record<number, ResponseDocs>>
  /**
   * Error codes the handler itself answers with. Those that follow from the endpoint's
   * definition are added by the generator: `validation_failed` with a query or body,
   * `bad_request` with a body (malformed JSON), `unauthorized` and `forbidden` from the access
   * level, `rate_limited` always.
   */
  errors?: ErrorCode[]
  /**
   * Who can authenticate, when it differs from what the access level implies; named schemes
   * are required (anonymous callers are documented only with the access level's own schemes).
   */
  security?: SecurityScheme[]
}

/** An endpoint as the generator sees it: its definition plus its reference entry. */
export type DocumentedOperation = {
  /** Below `/api`, in Payload's router syntax (`/v1/articles/:id`). */
  path: string
  method: string
  family: ErrorFamily
  access: EndpointAccess
  /** The rate-limit policy it counts, or `none` (a probe: no counter, no `RateLimit-*` headers). */
  rateLimit: PolicyName | 'none'
  /** Only refused (unauthenticated) requests count, and only their answers carry `RateLimit-*`. */
  countsOnlyRefusals?: boolean
  docs: OperationDocs
}

/**
 * One path and method served by alternatives chosen by configuration (the two checkout
 * variants). The document describes the variant the deployment serves when it is built, so that
 * a client generated from it sends what this server takes, and names the other in prose.
 */
export type VariantOperation = {
  variants: DocumentedOperation[]
  /** The index in `variants` of the one a deployment with this configuration serves. */
  served: (config: AppConfig) => number
  summary: string
  /** Says what selects the variant. */
  description: string
}

/** What an endpoint carries in Payload's `custom.openapi`. */
export type EndpointReference = DocumentedOperation | VariantOperation
