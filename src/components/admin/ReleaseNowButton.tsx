'use client'

import { Button } from '@payloadcms/ui'
import { useEffect, useRef, useState } from 'react'

type Outcome = { kind: 'released' | 'failed'; text: string }

/** The message of the release route's answer: its result, or the error it names. */
async function outcomeOf(response: Response): Promise<Outcome> {
  const body = (await response.json().catch(() => null)) as {
    result?: string
    error?: { message?: string }
  } | null
  if (response.ok) return { kind: 'released', text: body?.result ?? 'Released.' }
  // The route's errors are `{ error: { code, message } }`.
  const message = body?.error?.message ?? `The release failed (HTTP ${response.status}).`
  return { kind: 'failed', text: String(message) }
}

/**
 * "Release now", asked twice: the first press says what will happen and asks to confirm (the
 * focus moves to the confirmation), the second calls `POST /api/releases/{id}/release`. The
 * answer is announced, then the page reloads to show the release as it ended.
 */
export function ReleaseNowButton({
  releaseId,
  documentCount,
  notReadyCount,
}: {
  releaseId: number
  documentCount: number
  notReadyCount: number
}) {
  const [isAsking, setIsAsking] = useState(false)
  const [isBusy, setIsBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (isAsking) confirmRef.current?.focus()
  }, [isAsking])

  const release = async () => {
    setIsBusy(true)
    try {
      const response = await fetch(`/api/releases/${releaseId}/release`, {
        method: 'POST',
        credentials: 'include',
      })
      setOutcome(await outcomeOf(response))
      setIsAsking(false)
      // The release's status, time and result are saved fields: show them as stored.
      setTimeout(() => window.location.reload(), 1_500)
    } finally {
      setIsBusy(false)
    }
  }

  const documents = `${documentCount} document${documentCount === 1 ? '' : 's'}`
  return (
    <div className="release-now" style={{ marginTop: 'var(--base)' }}>
      <div role="status" aria-live="polite" className="release-now__outcome">
        {outcome ? (
          <p
            style={{
              color:
                outcome.kind === 'released' ? 'var(--theme-success-750)' : 'var(--theme-error-600)',
            }}
          >
            {outcome.kind === 'released' ? 'Released. ' : 'Nothing was released. '}
            {outcome.text}
          </p>
        ) : null}
      </div>
      {isAsking ? (
        <div role="group" aria-labelledby={`release-now-question-${releaseId}`}>
          <p id={`release-now-question-${releaseId}`}>
            Release all {documents} now? Either every one changes, or none does.
            {notReadyCount > 0
              ? ` ${notReadyCount} ${notReadyCount === 1 ? 'is' : 'are'} not ready: the release will fail and publish nothing.`
              : ''}
          </p>
          <div style={{ display: 'flex', gap: 'calc(var(--base) / 2)' }}>
            <Button
              ref={confirmRef}
              type="button"
              buttonStyle="primary"
              size="small"
              margin={false}
              disabled={isBusy}
              onClick={() => void release()}
            >
              Yes, release now
            </Button>
            <Button
              type="button"
              buttonStyle="secondary"
              size="small"
              margin={false}
              disabled={isBusy}
              onClick={() => setIsAsking(false)}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : outcome ? null : (
        <Button
          type="button"
          buttonStyle="primary"
          size="small"
          margin={false}
          onClick={() => setIsAsking(true)}
        >
          Release now
        </Button>
      )}
    </div>
  )
}
