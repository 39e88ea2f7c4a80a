import type { Payload } from 'payload'

import { postgres } from '@/db/transaction'
import { renderSandboxPage } from './renderSandboxPage'
import { isSessionId, sandboxPagePath } from './serveSandboxApi'
import { readSandboxSession } from './sandboxSessionStore'
import { finishAndNotify } from './settleSessions'
import { configOf } from '@/config/appConfig'

// The page loads nothing, runs no script and posts its forms only to this app.
const contentSecurityPolicy = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

const html = (status: number, body: string) =>
  new Response(body, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': contentSecurityPolicy,
      'x-robots-tag': 'noindex',
    },
  })

const notFound = () =>
  html(
    404,
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>Not found – payment sandbox</title>' +
      '<p>No such payment session here (or the payment sandbox is off).</p></html>\n',
  )

/**
 * The payment sandbox's pages (Next route `/payment-sandbox/...`): `GET /payment-sandbox/{id}`
 * shows a session; its forms `POST /payment-sandbox/{id}/pay` and `/cancel` complete or expire
 * it, send the shop its event, and come back to the page (303). Paying a session that is no
 * longer open changes nothing; the page then says what it is. 404 while the sandbox is off.
 */
export async function serveSandboxPages(args: {
  payload: Payload
  request: Request
  path: string[]
}): Promise<Response> {
  const { payload, request } = args
  const config = configOf(payload)
  const settings = config.paymentSandbox
  const [id, action, ...rest] = args.path
  if (!settings.isOn || !id || !isSessionId(id) || rest.length > 0) return notFound()
  const shop = { appAddress: settings.appAddress, secret: config.stripe.webhookSecret }
  const pool = postgres(payload).pool
  const now = new Date()

  if (request.method === 'POST') {
    if (action !== 'pay' && action !== 'cancel') return notFound()
    const result = await finishAndNotify({
      pool,
      id,
      how: action === 'pay' ? 'pay' : 'expire',
      now,
      shop,
    })
    if (result.outcome === 'not_found') return notFound()
    return new Response(null, { status: 303, headers: { location: sandboxPagePath(id) } })
  }
  if (request.method !== 'GET' || action !== undefined) return notFound()

  let row = await readSandboxSession(pool, id)
  if (row?.status === 'open' && row.expiresAt <= now) {
    await finishAndNotify({ pool, id, how: 'expire', now, shop })
    row = await readSandboxSession(pool, id)
  }
  if (!row) return notFound()
  const { session } = row
  return html(
    200,
    renderSandboxPage({
      sessionId: row.id,
      status: row.status,
      orderId: session.metadata?.orderId ?? null,
      customerEmail: session.customer_email,
      currency: session.currency ?? 'rub',
      lines: row.lines,
      amountTotal: session.amount_total ?? 0,
      expiresAt: row.expiresAt,
      successUrl: session.success_url ?? null,
      cancelUrl: session.cancel_url ?? null,
      event: row.event
        ? {
            type: row.event.type,
            attempts: row.eventAttempts,
            deliveredAt: row.eventDeliveredAt,
            lastError: row.eventLastError,
            nextAttemptAt: row.eventNextAttemptAt,
          }
        : null,
      payAction: `${sandboxPagePath(row.id)}/pay`,
      cancelAction: `${sandboxPagePath(row.id)}/cancel`,
    }),
  )
}
