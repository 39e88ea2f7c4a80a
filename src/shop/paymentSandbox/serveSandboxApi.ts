import { randomBytes, timingSafeEqual } from 'node:crypto'

import type { Payload } from 'payload'
import qs from 'qs'

import { postgres } from '@/db/transaction'
import { HttpError } from '@/http/errors'
import { readBodyWithin } from '@/http/requestBody'
import { paymentSandboxApiKey } from './paymentSandboxSettings'
import { parseSessionParams } from './sandboxSessionModel'
import { createSandboxSession, readSandboxSession } from './sandboxSessionStore'
import { finishAndNotify } from './settleSessions'
import { createSandboxRefund, refundsOf, type SandboxRefundParams } from './sandboxRefunds'
import { post } from './sendSessionEvent'
import { configOf } from '@/config/appConfig'

/** Where the sandbox serves a session's payment page (below the app's address). */
export const sandboxPagePath = (id: string) => `/payment-sandbox/${encodeURIComponent(id)}`

type StripeErrorType = 'invalid_request_error' | 'api_error'

/** An answer in Stripe's shape, so that the SDK raises the error class Stripe's would. */
function stripeAnswer(status: number, body: unknown) {
  return Response.json(body, {
    status,
    headers: { 'request-id': `req_sandbox_${randomBytes(8).toString('hex')}` },
  })
}

const stripeError = (
  status: number,
  error: { type?: StripeErrorType; code?: string; message: string; param?: string },
) => stripeAnswer(status, { error: { type: 'invalid_request_error', ...error } })

const unrecognized = (request: Request) =>
  stripeError(404, {
    message: `Unrecognized request URL (${request.method}: ${new URL(request.url).pathname}).`,
  })

/** The shape of every session id the sandbox makes; anything else names no session. */
export const isSessionId = (id: string) => /^cs_[A-Za-z0-9_]{1,76}$/.test(id)

/** Whether the request carries the sandbox's key (`Authorization: Bearer <key>`, as the SDK sends it). */
function hasSandboxKey(request: Request, payloadSecret: string): boolean {
  const presented = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? ''
  const expected = paymentSandboxApiKey(payloadSecret)
  const a = Buffer.from(presented)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The payment sandbox's Stripe-compatible API, for the app's own Stripe client (Next route
 * `/v1/checkout/sessions/...`): create (`POST /v1/checkout/sessions`), retrieve
 * (`GET /v1/checkout/sessions/{id}`) and expire (`POST /v1/checkout/sessions/{id}/expire`),
 * authenticated by the sandbox's key, answering and failing as Stripe does. 404 for everything
 * while the sandbox is off. `path` is what follows `/v1/checkout/sessions`.
 */
export async function serveSandboxApi(args: {
  payload: Payload
  request: Request
  path: string[]
  /** `refunds` for `/v1/refunds`; sessions otherwise. */
  resource?: 'sessions' | 'refunds'
}): Promise<Response> {
  const { payload, request, path } = args
  const config = configOf(payload)
  const settings = config.paymentSandbox
  if (!settings.isOn) return unrecognized(request)
  if (!hasSandboxKey(request, config.identity.payloadSecret)) {
    return stripeError(401, { message: 'Invalid API Key provided (payment sandbox)' })
  }
  const pool = postgres(payload).pool
  const [id, action, ...rest] = path
  if (args.resource === 'refunds') {
    return serveRefunds({
      payload,
      request,
      pool,
      shop: { appAddress: settings.appAddress, secret: config.stripe.webhookSecret },
    })
  }
  try {
    if (request.method === 'POST' && id === undefined) {
      const text = new TextDecoder().decode(
        await readBodyWithin(request, config.server.maxBodyBytes),
      )
      const now = new Date()
      const parsed = parseSessionParams(
        qs.parse(text, { depth: 10, arrayLimit: 100, parameterLimit: 2000 }),
        Math.floor(now.getTime() / 1000),
      )
      if ('error' in parsed) {
        return stripeError(400, { code: 'parameter_invalid', ...parsed.error })
      }
      const address = config.server.url ?? settings.appAddress
      const session = await createSandboxSession({
        pool,
        params: parsed.params,
        idempotencyKey: request.headers.get('idempotency-key'),
        pageUrl: (sessionId) => `${address}${sandboxPagePath(sessionId)}`,
        now,
      })
      return stripeAnswer(200, session)
    }
    if (id === undefined || rest.length > 0) return unrecognized(request)
    const isRetrieve = request.method === 'GET' && action === undefined
    const isExpire = request.method === 'POST' && action === 'expire'
    if (!isRetrieve && !isExpire) return unrecognized(request)

    const now = new Date()
    const found = isSessionId(id) ? await readSandboxSession(pool, id) : null
    if (!found) {
      return stripeError(404, {
        code: 'resource_missing',
        param: 'session',
        message: `No such checkout.session: '${id}'`,
      })
    }
    // A session that ran out is expired when it is next looked at, if the loop has not yet.
    const isRunOut = found.status === 'open' && found.expiresAt <= now
    if (isExpire || isRunOut) {
      const result = await finishAndNotify({
        pool,
        id,
        how: 'expire',
        now,
        shop: { appAddress: settings.appAddress, secret: config.stripe.webhookSecret },
      })
      if (result.outcome === 'not_found') return unrecognized(request)
      if (isExpire && result.outcome === 'not_open') {
        return stripeError(400, {
          code: 'checkout_session_not_open',
          message: `Only Checkout Sessions with a status in ["open"] can be expired; this one is ${result.row.status}.`,
        })
      }
      return stripeAnswer(200, result.row.session)
    }
    return stripeAnswer(200, found.session)
  } catch (error) {
    if (error instanceof HttpError && error.code === 'payload_too_large') {
      return stripeError(413, { message: error.message })
    }
    payload.logger.error({ msg: 'Payment sandbox API request failed', err: error })
    return stripeError(500, { type: 'api_error', message: 'The payment sandbox failed' })
  }
}

/**
 * `POST /v1/refunds` (a refund of a paid session's payment intent, its events then sent to the
 * shop's webhook, signed, as Stripe sends them) and `GET /v1/refunds?payment_intent=`.
 */
async function serveRefunds(args: {
  payload: Payload
  request: Request
  pool: ReturnType<typeof postgres>['pool']
  shop: { appAddress: string; secret: string | undefined }
}): Promise<Response> {
  const { payload, request, pool } = args
  try {
    if (request.method === 'GET') {
      const intent = new URL(request.url).searchParams.get('payment_intent') ?? ''
      const data = await refundsOf(pool, intent)
      return stripeAnswer(200, { object: 'list', data, has_more: false, url: '/v1/refunds' })
    }
    if (request.method !== 'POST') return unrecognized(request)
    const text = new TextDecoder().decode(
      await readBodyWithin(request, configOf(payload).server.maxBodyBytes),
    )
    const made = await createSandboxRefund({
      pool,
      params: qs.parse(text, { depth: 5, parameterLimit: 200 }) as SandboxRefundParams,
      idempotencyKey: request.headers.get('idempotency-key'),
      now: new Date(),
    })
    if ('refused' in made) {
      const { status, ...error } = made.refused
      return stripeError(status, error)
    }
    if ('replay' in made) return stripeAnswer(200, made.replay)
    // Sent once the answer is on its way, one after the other, as Stripe sends them.
    void (async () => {
      for (const event of made.events) {
        const error = await post(args.shop, event).catch((thrown: unknown) => String(thrown))
        if (error) {
          payload.logger.warn({
            msg: `Payment sandbox: event ${event.type} not accepted: ${error}`,
          })
        }
      }
    })()
    return stripeAnswer(200, made.refund)
  } catch (error) {
    payload.logger.error({ msg: 'Payment sandbox refund request failed', err: error })
    return stripeError(500, { type: 'api_error', message: 'The payment sandbox failed' })
  }
}
