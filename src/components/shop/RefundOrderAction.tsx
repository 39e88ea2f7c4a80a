'use client'

import {
  Banner,
  Button,
  CheckboxInput,
  ConfirmationModal,
  FieldLabel,
  TextInput,
  useDocumentInfo,
  useModal,
} from '@payloadcms/ui'
import { useState, type ChangeEvent } from 'react'

import { formatMinorUnits } from '@/shop/money'
import { refundRequestProblem, typedKopecks } from '@/shop/refunds/refundRequestProblem'

/** What the order's page knows of its refunds (minor units), from `orderRefundHistory`. */
export type RefundOrderActionProps = {
  /** What the buyer paid. */
  paid: number
  /** What stands refunded. */
  refunded: number
  /** What may still be refunded. */
  left: number
  /** Whether an earlier refund already put the units back (a restock happens once). */
  isRestocked: boolean
}

/**
 * The Refund box of a paid order's page: what was paid, refunded and is left, in roubles; the
 * amount (empty: what is left), a reason and whether to put the units back; a confirmation that
 * names the amount, the restock and that the buyer is told. It calls
 * `POST /api/orders/{id}/refund` as the signed-in administrator (the API takes kopecks) and
 * reloads the order, whose status, refunded amount and list of refunds then show Stripe's
 * answer; a refusal is shown in the API's words.
 */
export function RefundOrderAction({ paid, refunded, left, isRestocked }: RefundOrderActionProps) {
  const { id, title } = useDocumentInfo()
  const { openModal } = useModal()
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [restock, setRestock] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const modalSlug = `refund-order-${id}`
  const kopecks = typedKopecks(amount) ?? left

  const ask = () => {
    const problem = refundRequestProblem({ typed: amount, left })
    setError(problem)
    if (!problem) openModal(modalSlug)
  }

  const refund = async () => {
    setIsBusy(true)
    setError(null)
    try {
      const response = await fetch(`/api/orders/${id}/refund`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          amount: kopecks,
          ...(reason.trim() ? { reason: reason.trim() } : {}),
          restock,
        }),
      })
      if (response.status === 202) {
        window.location.reload()
        return
      }
      const body = (await response.json().catch(() => null)) as {
        error?: { message?: string }
      } | null
      setError(body?.error?.message ?? `The refund failed (HTTP ${response.status})`)
    } finally {
      setIsBusy(false)
    }
  }

  return (
    // Inside the document's own form: a group of inputs and a button, never a nested form.
    <div
      className="field-type refund-order"
      role="group"
      aria-label="Refund"
      style={{ marginBottom: 'var(--spacing-field)' }}
    >
      <FieldLabel label="Refund" />
      <dl className="refund-order__sums" style={{ margin: '0 0 var(--base)' }}>
        <div>
          <dt style={{ display: 'inline' }}>Paid: </dt>
          <dd style={{ display: 'inline', margin: 0 }}>{formatMinorUnits(paid)}</dd>
        </div>
        <div>
          <dt style={{ display: 'inline' }}>Refunded: </dt>
          <dd style={{ display: 'inline', margin: 0 }}>{formatMinorUnits(refunded)}</dd>
        </div>
        <div>
          <dt style={{ display: 'inline', fontWeight: 600 }}>Left to refund: </dt>
          <dd style={{ display: 'inline', margin: 0, fontWeight: 600 }}>
            {formatMinorUnits(left)}
          </dd>
        </div>
      </dl>
      <TextInput
        path="refund-amount"
        label="Amount (RUB)"
        placeholder={formatMinorUnits(left).replace(/ RUB$/, '').replace(/,/g, '')}
        description={`In roubles, e.g. 250 or 12.50; empty refunds all ${formatMinorUnits(left)} left`}
        value={amount}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          setAmount(event.target.value)
          setError(null)
        }}
      />
      <TextInput
        path="refund-reason"
        label="Reason"
        description="Kept with the refund and told to the buyer"
        value={reason}
        onChange={(event: ChangeEvent<HTMLInputElement>) =>
          setReason(event.target.value.slice(0, 500))
        }
      />
      {isRestocked ? (
        <p style={{ margin: '0 0 var(--base)' }}>
          The units were put back in stock with an earlier refund.
        </p>
      ) : (
        <div style={{ marginBottom: 'var(--base)' }}>
          <CheckboxInput
            id="refund-restock"
            name="refund-restock"
            label="Put the units back in stock"
            checked={restock}
            onToggle={(event) => setRestock(event.target.checked)}
          />
        </div>
      )}
      {error ? (
        <div role="alert">
          <Banner type="error">{error}</Banner>
        </div>
      ) : null}
      <Button
        type="button"
        buttonStyle="secondary"
        size="small"
        margin={false}
        disabled={isBusy}
        onClick={ask}
      >
        {isBusy ? 'Refunding…' : 'Refund…'}
      </Button>
      <ConfirmationModal
        modalSlug={modalSlug}
        heading={`Refund ${formatMinorUnits(kopecks)}?`}
        body={
          <>
            <p>
              {formatMinorUnits(kopecks)} of {title || `order ${id}`} goes back to the buyer through
              Stripe
              {kopecks === left ? ', all that is left of it' : ''}.{' '}
              {restock
                ? 'Its units go back in stock.'
                : 'Its units stay out of stock (not put back).'}
            </p>
            <p>The buyer is e-mailed once Stripe confirms the refund. This cannot be undone.</p>
          </>
        }
        confirmLabel={`Refund ${formatMinorUnits(kopecks)}`}
        confirmingLabel="Refunding…"
        onConfirm={refund}
      />
    </div>
  )
}
