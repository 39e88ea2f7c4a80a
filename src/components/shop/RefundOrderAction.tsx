'use client'

import { Button, FieldLabel, useDocumentInfo, useFormFields } from '@payloadcms/ui'
import type { UIFieldClientComponent } from 'payload'
import { useState } from 'react'

import { isRefundable, type OrderStatus } from '@/shop/orderStatus'

/** Roubles as typed (`5`, `5.5`, `5,50`) in kopecks; undefined when empty, NaN when not a sum. */
function kopecksOf(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.')
  if (!trimmed) return undefined
  return /^\d{1,9}(\.\d{1,2})?$/.test(trimmed) ? Math.round(Number(trimmed) * 100) : Number.NaN
}

/**
 * The Refund action of an order's page: amount (roubles; empty refunds what is left), reason and
 * whether to put the units back. It calls `POST /api/orders/{id}/refund` as the signed-in
 * administrator and reloads the order, whose status and refunded amount Stripe's answer and
 * events have set; a refusal (409: not paid, above what is left) is shown as the API words it.
 * Only a paid order offers it.
 */
export const RefundOrderAction: UIFieldClientComponent = () => {
  const { id } = useDocumentInfo()
  const status = useFormFields(([fields]) => fields.status?.initialValue) as OrderStatus | undefined
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [restock, setRestock] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  if (!id || !status || !isRefundable(status)) return null

  const submit = async () => {
    const kopecks = kopecksOf(amount)
    if (Number.isNaN(kopecks)) {
      setError('Write the amount in roubles, e.g. 250 or 12.50 (empty refunds what is left)')
      return
    }
    setIsBusy(true)
    setError(null)
    try {
      const response = await fetch(`/api/orders/${id}/refund`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...(kopecks === undefined ? {} : { amount: kopecks }),
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
      <label style={{ display: 'block' }}>
        Amount (RUB, empty: what is left)
        <input
          name="refund-amount"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          style={{ display: 'block', width: '100%' }}
        />
      </label>
      <label style={{ display: 'block' }}>
        Reason
        <input
          name="refund-reason"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          style={{ display: 'block', width: '100%' }}
        />
      </label>
      <label style={{ display: 'block' }}>
        <input
          type="checkbox"
          name="refund-restock"
          checked={restock}
          onChange={(e) => setRestock(e.target.checked)}
        />{' '}
        Put the units back in stock
      </label>
      {error ? (
        <p role="alert" style={{ color: 'var(--theme-error-500)' }}>
          {error}
        </p>
      ) : null}
      <Button
        type="button"
        buttonStyle="secondary"
        size="small"
        disabled={isBusy}
        onClick={() => void submit()}
      >
        {isBusy ? 'Refunding…' : 'Refund'}
      </Button>
    </div>
  )
}
