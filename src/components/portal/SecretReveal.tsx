'use client'

import { useId, useRef, useState, type ReactNode } from 'react'

/**
 * A signing secret shown once: read-only text with a copy button, and what to do with it.
 * `children` explains where it comes from (creation, rotation).
 */
export function SecretReveal({
  secret,
  heading,
  children,
}: {
  secret: string
  heading: string
  children?: ReactNode
}) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [copyStatus, setCopyStatus] = useState('')

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret)
      setCopyStatus('Copied to the clipboard.')
    } catch {
      // No clipboard access (an insecure context, a refused permission): select it instead.
      inputRef.current?.select()
      setCopyStatus('The secret is selected: copy it with Ctrl+C (⌘C on a Mac).')
    }
  }

  return (
    <section className="panel panel--secret" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {children}
      <label htmlFor={`${id}-secret`} className="field__label">
        Signing secret
      </label>
      <div className="secret-row">
        <input
          ref={inputRef}
          id={`${id}-secret`}
          className="input input--mono"
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          aria-describedby={`${id}-warning`}
        />
        <button type="button" className="button" onClick={copy}>
          Copy secret
        </button>
      </div>
      <p id={`${id}-warning`} className="field__hint">
        <strong>Store it now:</strong> it is shown only this once. Your receiver verifies each
        delivery&apos;s <code>webhook-signature</code> with it.
      </p>
      <p role="status" className="status-line">
        {copyStatus}
      </p>
    </section>
  )
}
