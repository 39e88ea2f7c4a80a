'use client'

import { useState } from 'react'

import { ConfirmAction } from './ConfirmAction'
import { ErrorMessage } from './ErrorMessage'
import { formatDateTime } from './format'
import { callApi, type ApiError } from './portalApi'
import type { RotatedSecret } from '@/webhooks/contracts/subscriptions'
import { SecretReveal } from './SecretReveal'
import { Time } from './statusBadges'

/**
 * Rotate the signing secret: the new one shown once, with the overlap explained from the
 * answer's `valid_until` (until then deliveries carry both signatures).
 */
export function RotateSecretPanel({
  subscriptionId,
  rotatedAt,
  isReadOnly,
  onRotated,
}: {
  subscriptionId: string
  rotatedAt: string | null
  isReadOnly: boolean
  onRotated: () => void
}) {
  const [rotation, setRotation] = useState<RotatedSecret | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  const [isBusy, setIsBusy] = useState(false)

  const rotate = async () => {
    setIsBusy(true)
    setError(null)
    const result = await callApi<RotatedSecret>(
      `/webhooks/subscriptions/${subscriptionId}/rotate-secret`,
      {
        method: 'POST',
      },
    )
    setIsBusy(false)
    if (result.ok) {
      setRotation(result.data)
      onRotated()
    } else setError(result.error)
  }

  return (
    <section className="panel" aria-labelledby="rotate-heading">
      <h2 id="rotate-heading">Signing secret</h2>
      <p>
        Last rotated: <Time iso={rotatedAt} fallback="never" />. Rotating gives a new secret; for 10
        minutes each delivery is signed with both the new and the previous secret, so your receiver
        keeps working while you switch it over.
      </p>
      {isReadOnly ? (
        <p className="field__hint">A read-only session cannot rotate the secret.</p>
      ) : (
        <ConfirmAction
          label="Rotate secret"
          question="Make a new signing secret? The current one stops signing 10 minutes from now."
          confirmLabel="Yes, rotate the secret"
          onConfirm={rotate}
          isBusy={isBusy}
        />
      )}
      <div aria-live="polite" className="live-region">
        {isBusy ? <p>Rotating…</p> : null}
      </div>
      {error ? <ErrorMessage error={error} what="The secret was not rotated" /> : null}
      {rotation ? (
        <SecretReveal secret={rotation.secret} heading="Your new signing secret">
          <p role="status">
            The secret was rotated. Until <strong>{formatDateTime(rotation.valid_until)}</strong>{' '}
            every delivery carries two signatures in <code>webhook-signature</code>: the new
            secret&apos;s first, then the previous one&apos;s. A receiver with either secret accepts
            them. After that only the new secret signs: put it in your receiver before then.
          </p>
          <p className="field__hint">{rotation.note}</p>
        </SecretReveal>
      ) : null}
    </section>
  )
}
