'use client'

import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

/**
 * A button whose action asks first: the question appears in place, with the confirming
 * button focused; Cancel (or Escape) puts focus back on the first button. `details`, when
 * given, says what the question implies (read with it: the group's description).
 */
export function ConfirmAction({
  label,
  question,
  details,
  confirmLabel,
  onConfirm,
  isDanger = false,
  isBusy = false,
}: {
  label: string
  question: string
  details?: ReactNode
  confirmLabel: string
  onConfirm: () => void
  isDanger?: boolean
  isBusy?: boolean
}) {
  const id = useId()
  const [isAsking, setIsAsking] = useState(false)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const wasAsking = useRef(false)

  useEffect(() => {
    if (isAsking) confirmRef.current?.focus()
    else if (wasAsking.current) triggerRef.current?.focus()
    wasAsking.current = isAsking
  }, [isAsking])

  if (!isAsking) {
    return (
      <button
        ref={triggerRef}
        type="button"
        className={`button${isDanger ? ' button--danger' : ''}`}
        onClick={() => setIsAsking(true)}
        disabled={isBusy}
      >
        {label}
      </button>
    )
  }
  return (
    <div
      className="confirm"
      role="group"
      aria-labelledby={`${id}-question`}
      aria-describedby={details ? `${id}-details` : undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setIsAsking(false)
      }}
    >
      <p id={`${id}-question`} className="confirm__question">
        {question}
      </p>
      {details ? (
        <div id={`${id}-details`} className="confirm__details">
          {details}
        </div>
      ) : null}
      <div className="button-row">
        <button
          ref={confirmRef}
          type="button"
          className={`button${isDanger ? ' button--danger' : ' button--primary'}`}
          onClick={() => {
            setIsAsking(false)
            onConfirm()
          }}
        >
          {confirmLabel}
        </button>
        <button type="button" className="button button--quiet" onClick={() => setIsAsking(false)}>
          Cancel
        </button>
      </div>
    </div>
  )
}
