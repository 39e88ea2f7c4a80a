'use client'

import { FieldLabel, Pill } from '@payloadcms/ui'

import { formatMinorUnits } from '@/shop/money'
import type { RefundEntry } from '@/shop/refunds/orderRefundHistory'
import { formatDateTime } from '@/text/dateTimeFormat'

/** Stripe's status of a refund, in words, with the pill's colour. */
const statusWords: Record<string, { text: string; pillStyle: 'success' | 'warning' | 'error' }> = {
  succeeded: { text: 'Refunded', pillStyle: 'success' },
  pending: { text: 'Pending at Stripe', pillStyle: 'warning' },
  requires_action: { text: 'Waiting for the buyer’s bank', pillStyle: 'warning' },
  failed: { text: 'Failed', pillStyle: 'error' },
  canceled: { text: 'Cancelled', pillStyle: 'error' },
}

/**
 * An order's refunds, oldest first: amount, reason, who asked, when, and Stripe's status (with
 * its failure reason). In Payload's table style, so that it reads as the rest of the panel.
 */
export function RefundList({ refunds }: { refunds: RefundEntry[] }) {
  return (
    <div
      className="field-type refund-list"
      role="group"
      aria-label="Refunds"
      style={{ marginBottom: 'var(--spacing-field)' }}
    >
      <FieldLabel label="Refunds" />
      <div className="table">
        <table cellPadding="0" cellSpacing="0">
          <thead>
            <tr>
              <th>When</th>
              <th>Amount</th>
              <th>Status</th>
              <th>Reason</th>
              <th>Asked by</th>
            </tr>
          </thead>
          <tbody>
            {refunds.map((refund) => {
              const status = statusWords[refund.status] ?? {
                text: refund.status,
                pillStyle: 'warning' as const,
              }
              return (
                <tr key={refund.stripeRefundId} className="refund-list__row">
                  <td suppressHydrationWarning>{formatDateTime(refund.createdAt)}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>{formatMinorUnits(refund.amount)}</td>
                  <td>
                    <Pill pillStyle={status.pillStyle} size="small">
                      {status.text}
                    </Pill>
                    {refund.failureReason ? (
                      <div>Stripe: {refund.failureReason.replace(/_/g, ' ')}</div>
                    ) : null}
                    {refund.isRestocked ? <div>Units put back in stock</div> : null}
                  </td>
                  <td>{refund.reason ?? '—'}</td>
                  <td style={{ overflowWrap: 'anywhere' }}>
                    {refund.requestedBy ?? 'Stripe dashboard'}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </div>
  )
}
