import { formatMinorUnits } from '../money'
import type { SandboxLine } from './sandboxSessionModel'

/** What the payment sandbox knows of the event it owes the shop for a session. */
export type SandboxEventView = {
  type: string
  attempts: number
  deliveredAt: Date | null
  lastError: string | null
  nextAttemptAt: Date | null
}

/** Everything the sandbox's payment page shows. */
export type SandboxPageView = {
  sessionId: string
  status: 'open' | 'complete' | 'expired'
  /** `metadata.orderId` of the session, when it names one. */
  orderId: string | null
  customerEmail: string | null
  currency: string
  lines: SandboxLine[]
  amountTotal: number
  expiresAt: Date
  successUrl: string | null
  cancelUrl: string | null
  event: SandboxEventView | null
  /** Form targets of the two buttons. */
  payAction: string
  cancelAction: string
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  )

/** A URL shown as a link only when it is http(s); anything else is shown as text. */
function link(url: string) {
  const isWeb = /^https?:\/\//i.test(url)
  return isWeb ? `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : escapeHtml(url)
}

function eventLine(event: SandboxEventView | null): string {
  if (!event) return ''
  const what = `<code>${escapeHtml(event.type)}</code>`
  if (event.deliveredAt) {
    return `<p class="delivery ok">The shop accepted ${what} (<code>POST /api/orders/webhook/stripe</code>, signed as Stripe signs).</p>`
  }
  if (event.attempts === 0) return `<p class="delivery">Sending ${what} to the shop…</p>`
  const retry = event.nextAttemptAt ? ` Next attempt at ${event.nextAttemptAt.toISOString()}.` : ''
  return `<p class="delivery failed">The shop has not accepted ${what} yet (${event.attempts} attempt${event.attempts === 1 ? '' : 's'}: ${escapeHtml(event.lastError ?? 'no answer')}).${retry}</p>`
}

function outcome(view: SandboxPageView): string {
  switch (view.status) {
    case 'open':
      return `<p>Expires at ${view.expiresAt.toISOString()} unless paid. <strong>Pay</strong> completes the session; <strong>Cancel</strong> expires it now.</p>
<div class="actions">
  <form method="post" action="${escapeHtml(view.payAction)}"><button type="submit" id="pay">Pay ${escapeHtml(formatMinorUnits(view.amountTotal, view.currency))}</button></form>
  <form method="post" action="${escapeHtml(view.cancelAction)}"><button type="submit" id="cancel" class="secondary">Cancel</button></form>
</div>`
    case 'complete':
      return `<p class="state" id="state">Paid.</p>${eventLine(view.event)}${
        view.successUrl
          ? `<p>On Stripe the buyer would now be sent to the storefront: ${link(view.successUrl)}</p>`
          : ''
      }`
    case 'expired':
      return `<p class="state" id="state">Expired: nothing was paid.</p>${eventLine(view.event)}${
        view.cancelUrl ? `<p>The storefront's cart: ${link(view.cancelUrl)}</p>` : ''
      }`
  }
}

/**
 * The payment sandbox's page for one session: a test page that says so, the order's lines and
 * total, and Pay / Cancel while the session is open; afterwards, what happened and whether the
 * shop accepted the event. Plain HTML and CSS, no script, nothing from another host.
 */
export function renderSandboxPage(view: SandboxPageView): string {
  const rows = view.lines
    .map(
      (line) => `<tr>
  <td>${escapeHtml(line.name)}</td>
  <td class="number">${line.quantity}</td>
  <td class="number">${escapeHtml(formatMinorUnits(line.unitAmount, view.currency))}</td>
  <td class="number">${escapeHtml(formatMinorUnits(line.unitAmount * line.quantity, view.currency))}</td>
</tr>`,
    )
    .join('\n')
  const title = view.orderId ? `Order #${escapeHtml(view.orderId)}` : 'Payment'
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>TEST PAYMENT – ${title} – payment sandbox</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #f6f6f4; }
  .banner { background: #ffd400; padding: 12px 24px; font-weight: 600; border-bottom: 3px solid #1a1a1a; }
  main { max-width: 680px; margin: 24px auto; background: #fff; padding: 24px 32px; border-radius: 8px; }
  table { width: 100%; border-collapse: collapse; margin: 16px 0; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #ddd; }
  .number { text-align: right; white-space: nowrap; }
  tfoot td { font-weight: 700; border-bottom: none; }
  .actions { display: flex; gap: 12px; }
  button { font: inherit; padding: 10px 24px; border-radius: 6px; border: 2px solid #1a1a1a; background: #1a1a1a; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1a1a1a; }
  .state { font-size: 1.4em; font-weight: 700; }
  .delivery.ok { color: #13652b; }
  .delivery.failed { color: #9b1c1c; }
  code { font-size: 0.9em; }
  small { color: #555; }
</style>
</head>
<body>
<div class="banner" role="alert">TEST PAGE – payment sandbox of this app. No real payment: no card is asked for, nothing is charged.</div>
<main>
<h1>${title}</h1>
${view.customerEmail ? `<p>Customer: ${escapeHtml(view.customerEmail)}</p>` : ''}
<table>
<thead><tr><th>Product</th><th class="number">Qty</th><th class="number">Price</th><th class="number">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><td colspan="3">Total</td><td class="number" id="total">${escapeHtml(formatMinorUnits(view.amountTotal, view.currency))}</td></tr></tfoot>
</table>
${outcome(view)}
<p><small>Session <code>${escapeHtml(view.sessionId)}</code>. The sandbox stands in for Stripe while <code>STRIPE_SECRET_KEY</code> is unset; set it to take real (test-mode) payments with Stripe.</small></p>
</main>
</body>
</html>
`
}
