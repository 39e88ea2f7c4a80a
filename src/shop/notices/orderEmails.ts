import { formatMinorUnits, formatRub } from '../money'
import { orderTitle } from '../orderStatus'

/** An order as its e-mails show it. */
export type MailedOrder = {
  id: number
  customerEmail: string
  total: number
  refundedAmount: number
  items: { name: string; quantity: number; price: number }[]
  shippingAddress: {
    name: string
    line1: string
    line2?: string | null
    city: string
    postal_code: string
    country: string
  }
  paidAt: string | null
}

/** One e-mail in both forms. */
export type OrderEmail = { subject: string; text: string; html: string }

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Subjects and names stay on one line whatever a stored value holds. */
const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()

const rub = (value: number) => formatRub(value)

function linesText(order: MailedOrder): string {
  return order.items
    .map((line) => `  ${oneLine(line.name)} × ${line.quantity}: ${rub(line.price)} each`)
    .join('\n')
}

function linesHtml(order: MailedOrder): string {
  const rows = order.items
    .map(
      (line) =>
        `<tr><td>${escapeHtml(oneLine(line.name))}</td><td align="right">${line.quantity}</td>` +
        `<td align="right">${escapeHtml(rub(line.price))}</td></tr>`,
    )
    .join('')
  return (
    '<table cellpadding="4"><thead><tr><th align="left">Item</th><th align="right">Qty</th>' +
    `<th align="right">Price</th></tr></thead><tbody>${rows}</tbody></table>`
  )
}

function addressText(order: MailedOrder): string {
  const a = order.shippingAddress
  return [a.name, a.line1, a.line2, `${a.postal_code} ${a.city}`, a.country]
    .filter(Boolean)
    .map((part) => oneLine(String(part)))
    .join(', ')
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family:sans-serif">${body}</body></html>`

/** The receipt the buyer gets once Stripe confirmed the payment. */
export function receiptEmail(order: MailedOrder): OrderEmail {
  const title = orderTitle(order.id)
  const subject = `Your receipt for ${title}`
  const paid = order.paidAt ? new Date(order.paidAt).toUTCString() : 'now'
  const text =
    `Thank you for your order. We received your payment (${paid}).\n\n` +
    `${title}\n${linesText(order)}\n\nTotal paid: ${rub(order.total)}\n\n` +
    `Shipping to: ${addressText(order)}\n\n` +
    'We will e-mail you again should anything be refunded.'
  const html = page(
    subject,
    `<h1>Thank you for your order</h1><p>We received your payment (${escapeHtml(paid)}).</p>` +
      `<h2>${escapeHtml(title)}</h2>${linesHtml(order)}` +
      `<p><strong>Total paid: ${escapeHtml(rub(order.total))}</strong></p>` +
      `<p>Shipping to: ${escapeHtml(addressText(order))}</p>`,
  )
  return { subject, text, html }
}

/** The notice the buyer gets for each refund Stripe confirmed. */
export function refundEmail(
  order: MailedOrder,
  refund: { amount: number; reason: string | null },
): OrderEmail {
  const title = orderTitle(order.id)
  const amount = formatMinorUnits(refund.amount)
  const subject = `${title}: ${amount} refunded`
  const total = rub(order.refundedAmount)
  const reason = refund.reason ? oneLine(refund.reason) : null
  const isWhole = order.refundedAmount >= order.total
  const text =
    `We refunded ${amount} of ${title} to the card you paid with.` +
    (reason ? `\nReason: ${reason}` : '') +
    `\n\nRefunded so far: ${total} of ${rub(order.total)}` +
    (isWhole ? ' (the whole order).' : '.') +
    '\n\nBanks usually take 5 to 10 days to show a refund on the statement.'
  const html = page(
    subject,
    `<h1>${escapeHtml(amount)} refunded</h1>` +
      `<p>We refunded <strong>${escapeHtml(amount)}</strong> of ${escapeHtml(title)} to the card you paid with.</p>` +
      (reason ? `<p>Reason: ${escapeHtml(reason)}</p>` : '') +
      `<p>Refunded so far: ${escapeHtml(total)} of ${escapeHtml(rub(order.total))}${isWhole ? ' (the whole order)' : ''}.</p>` +
      '<p>Banks usually take 5 to 10 days to show a refund on the statement.</p>',
  )
  return { subject, text, html }
}

/**
 * The notice the admins get when a payment was reported that does not match the order
 * (`paymentProblem`): the order stays unpaid until one of them acts; `orderUrl` is its page.
 */
export function paymentProblemEmail(
  order: Pick<MailedOrder, 'id' | 'customerEmail'>,
  problem: string,
  orderUrl: string,
): OrderEmail {
  const title = orderTitle(order.id)
  const subject = `Payment not matching ${title}: left unpaid`
  const text =
    `${oneLine(problem)}\n\nBuyer: ${oneLine(order.customerEmail)}\n` + `The order: ${orderUrl}`
  const html = page(
    subject,
    `<h1>Payment not matching ${escapeHtml(title)}</h1><p>${escapeHtml(oneLine(problem))}</p>` +
      `<p>Buyer: ${escapeHtml(oneLine(order.customerEmail))}</p>` +
      `<p><a href="${escapeHtml(orderUrl)}">Open the order</a></p>`,
  )
  return { subject, text, html }
}
