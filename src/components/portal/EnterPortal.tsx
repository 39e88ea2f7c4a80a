'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useRef, useState } from 'react'

import { callApi } from './portalApi'

type EnterState =
  | { kind: 'entering' }
  | { kind: 'no-token' }
  | { kind: 'refused' }
  | { kind: 'failed'; message: string }

/**
 * `/portal/enter#token=...`: takes the one-time token out of the address bar at once (it is in
 * the fragment, so it never reached a server log or a `Referer`), exchanges it for the session
 * cookie, and goes on to the endpoints.
 */
export function EnterPortal() {
  const router = useRouter()
  const [state, setState] = useState<EnterState>({ kind: 'entering' })
  const hasStarted = useRef(false)
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (hasStarted.current) return
    hasStarted.current = true
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token')
    window.history.replaceState(null, '', window.location.pathname + window.location.search)
    const exchange = token
      ? callApi('/webhooks/portal-sessions/exchange', {
          method: 'POST',
          body: { token },
          shouldEndSessionOn401: false,
        })
      : Promise.resolve(null)
    exchange.then((result) => {
      if (result === null) setState({ kind: 'no-token' })
      else if (result.ok) router.replace('/portal')
      else if (result.status === 401) setState({ kind: 'refused' })
      else setState({ kind: 'failed', message: result.error.message })
    })
  }, [router])

  useEffect(() => {
    if (state.kind !== 'entering') headingRef.current?.focus()
  }, [state.kind])

  const heading =
    state.kind === 'entering'
      ? 'Opening your portal…'
      : state.kind === 'no-token'
        ? 'This address has no portal link in it'
        : state.kind === 'refused'
          ? 'This portal link cannot be used'
          : 'The portal could not open'

  return (
    <>
      <header className="site-header">
        <div className="site-header__inner">
          <p className="site-title">Webhook portal</p>
        </div>
      </header>
      <main id="content" className="page page--narrow">
        <section className="panel panel--message" aria-labelledby="enter-heading">
          <h1 id="enter-heading" ref={headingRef} tabIndex={-1}>
            {heading}
          </h1>
          {state.kind === 'entering' ? (
            <p role="status">Checking your link…</p>
          ) : state.kind === 'no-token' ? (
            <p>
              Portal links look like <code>/portal/enter#token=…</code>. Open the whole link you
              were given, or ask for a new one.
            </p>
          ) : state.kind === 'refused' ? (
            <>
              <p>
                It has already been used, it has expired, or it is not a valid link. A portal link
                works once, for a short time.
              </p>
              <p>
                <strong>Ask for a new link</strong> (whoever gave you this one can create another,
                with the API key: <code>POST /webhooks/portal-sessions</code>), then open it
                straight away.
              </p>
            </>
          ) : (
            <p role="alert">{state.message} Try the link again, or ask for a new one.</p>
          )}
        </section>
      </main>
    </>
  )
}
