'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useRef, useState } from 'react'

import { callApi } from './portalApi'
import { rememberSession } from './PortalShell'

type EnterState =
  | { kind: 'entering' }
  | { kind: 'no-token' }
  | { kind: 'refused' }
  | { kind: 'failed'; message: string }

/**
 * `/portal/enter#token=...`: takes the one-time token out of the address bar at once (it is in
 * the fragment, so it never reached a server log or a `Referer`), exchanges it for the session
 * cookie, and goes on to the endpoints. A link pasted into the tab while it shows this page's
 * refusal differs from the address only in its fragment, so the browser does not load the page
 * again: the page takes the token from each new fragment too (`hashchange`).
 */
export function EnterPortal() {
  const router = useRouter()
  const [state, setState] = useState<EnterState>({ kind: 'entering' })
  // The address the page opened at is read once (React runs a development effect twice).
  const hasReadOpeningAddress = useRef(false)
  // Each exchange's number: only the latest link's answer is shown.
  const latestExchange = useRef(0)
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    const enter = (fragment: string) => {
      const token = new URLSearchParams(fragment).get('token')
      const exchange = ++latestExchange.current
      if (!token) {
        setState({ kind: 'no-token' })
        return
      }
      setState({ kind: 'entering' })
      void callApi('/webhooks/portal-sessions/exchange', {
        method: 'POST',
        body: { token },
        shouldEndSessionOn401: false,
      }).then((result) => {
        if (exchange !== latestExchange.current) return
        if (result.ok) {
          rememberSession()
          router.replace('/portal')
        } else if (result.status === 401) setState({ kind: 'refused' })
        else setState({ kind: 'failed', message: result.error.message })
      })
    }
    if (!hasReadOpeningAddress.current) {
      hasReadOpeningAddress.current = true
      enter(takeFragment())
    }
    const onHashChange = () => {
      // A fragment removed by hand brings no link: the page stays as it is.
      const fragment = takeFragment()
      if (fragment) enter(fragment)
    }
    window.addEventListener('hashchange', onHashChange)
    return () => window.removeEventListener('hashchange', onHashChange)
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
                <strong>Ask the person who gave you access for a new link</strong>, then open it
                straight away. An administrator opens one from the admin panel, with{' '}
                <strong>Open portal</strong> on the consumer&rsquo;s page.
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

/**
 * The address's fragment (without `#`), removed from the address bar at once. The history state
 * is left to Next's router (`replaceState` with none keeps its own and tells it the new address).
 */
function takeFragment(): string {
  const fragment = window.location.hash.slice(1)
  if (window.location.hash) {
    window.history.replaceState(null, '', window.location.pathname + window.location.search)
  }
  return fragment
}
