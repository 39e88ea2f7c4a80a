'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react'

import { callApi, sessionEndedEvent } from './portalApi'
import type { PortalSession } from '@/identity/contracts/portalSessions'

const SessionContext = createContext<PortalSession | null>(null)

/** The signed-in session of the page (inside `PortalShell` only). */
export function usePortalSession(): PortalSession {
  const session = useContext(SessionContext)
  if (!session) throw new Error('usePortalSession outside PortalShell')
  return session
}

type ShellState =
  | { kind: 'loading' }
  | { kind: 'ended' }
  | { kind: 'never-signed-in' }
  | { kind: 'signed-out' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; session: PortalSession }

/**
 * Every signed-in page: reads the session, shows who is signed in (and whether read-only),
 * the navigation and sign-out; replaces the page by the "session ended" view as soon as any
 * call is answered 401.
 */
export function PortalShell({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ShellState>({ kind: 'loading' })

  useEffect(() => {
    const controller = new AbortController()
    const onEnded = () =>
      setState((previous) =>
        previous.kind === 'signed-out' ||
        previous.kind === 'never-signed-in' ||
        (previous.kind === 'loading' && !hadSession())
          ? previous
          : { kind: 'ended' },
      )
    window.addEventListener(sessionEndedEvent, onEnded)
    callApi<{ data: PortalSession }>('/webhooks/portal-sessions/current', {
      signal: controller.signal,
    }).then(
      (result) => {
        if (result.ok) {
          rememberSession()
          setState({ kind: 'ready', session: result.data.data })
        } else if (result.status === 401 && !hadSession()) {
          // Never signed in in this browser: no session "ended".
          setState({ kind: 'never-signed-in' })
        } else if (result.status !== 401) {
          setState({ kind: 'failed', message: result.error.message })
        }
      },
      () => undefined,
    )
    return () => {
      controller.abort()
      window.removeEventListener(sessionEndedEvent, onEnded)
    }
  }, [])

  const signOut = async () => {
    const result = await callApi('/webhooks/portal-sessions/current', { method: 'DELETE' })
    if (result.ok || result.status === 401) setState({ kind: 'signed-out' })
    else setState({ kind: 'failed', message: result.error.message })
  }

  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <p className="site-title">Webhook portal</p>
          {state.kind === 'ready' ? (
            <>
              <nav aria-label="Portal" className="site-nav">
                <NavLink href="/portal">Endpoints</NavLink>
                <NavLink href="/portal/events">Event types</NavLink>
              </nav>
              <div className="site-account">
                <span className="site-account__name">{state.session.consumer.name}</span>
                {state.session.read_only ? (
                  <span className="badge badge--neutral">read-only</span>
                ) : null}
                <button type="button" className="button button--quiet" onClick={signOut}>
                  Sign out
                </button>
              </div>
            </>
          ) : null}
        </div>
      </header>
      {state.kind === 'ready' && state.session.acting_admin ? (
        <ActingBanner session={state.session} admin={state.session.acting_admin} />
      ) : null}
      <main id="content" className="page" tabIndex={-1}>
        {state.kind === 'ready' ? (
          <SessionContext.Provider value={state.session}>
            {state.session.read_only ? (
              <p className="notice" id="read-only-notice">
                This is a <strong>read-only</strong> session: you can see everything, but you cannot
                change anything. Ask for a full-access portal link to make changes.
              </p>
            ) : null}
            {children}
          </SessionContext.Provider>
        ) : state.kind === 'loading' ? (
          <p role="status">Loading your portal…</p>
        ) : state.kind === 'failed' ? (
          <Ended heading="The portal could not load" text={state.message} />
        ) : state.kind === 'signed-out' ? (
          <Ended
            heading="You have signed out"
            text="Your portal session is over. To come back, open a new portal link: ask the person who gave you access for a new link."
          />
        ) : state.kind === 'never-signed-in' ? (
          <Ended
            heading="You are not signed in"
            text="The portal opens from a portal link, made for you and valid once, for a short time. Ask the person who gave you access for a new link, then open it straight away. An administrator opens it from the admin panel, with Open portal on the consumer's page."
          />
        ) : (
          <SessionEnded />
        )}
      </main>
    </>
  )
}

/**
 * Across every page of a session an admin opened from the admin panel: whose portal this is,
 * who is really acting, and the way back to the consumer's page in the admin panel.
 */
function ActingBanner({
  session,
  admin,
}: {
  session: PortalSession
  admin: NonNullable<PortalSession['acting_admin']>
}) {
  return (
    <section className="acting-banner" aria-label="Acting as a consumer">
      <div className="acting-banner__inner">
        <p className="acting-banner__text">
          You are acting as <strong>{session.consumer.name}</strong> (signed in as admin{' '}
          {admin.email}){session.read_only ? ', read-only' : ''}.
        </p>
        <a href={admin.back_url} className="acting-banner__link">
          Back to the admin panel
        </a>
      </div>
    </section>
  )
}

function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const pathname = usePathname()
  const isCurrent =
    href === '/portal'
      ? pathname === '/portal' || pathname.startsWith('/portal/endpoints')
      : pathname.startsWith(href)
  return (
    <Link href={href} aria-current={isCurrent ? 'page' : undefined} className="site-nav__link">
      {children}
    </Link>
  )
}

/** What a 401 leads to, from any page, once this browser had a session. */
export function SessionEnded() {
  return (
    <Ended
      heading="Your portal session has ended"
      text="Sessions end after a while without activity, when their time is up, or when an administrator ends them. Open a new portal link to continue: ask the person who gave you access for a new link (an administrator opens one from the admin panel, with Open portal on the consumer's page)."
    />
  )
}

/**
 * Where the browser keeps that it had a portal session (the session cookie is HttpOnly, and
 * gone once it ends): a 401 then means the session ended, without it that there never was one.
 */
const hadSessionKey = 'portal:had-session'

/** Notes that this browser has had a portal session. */
export function rememberSession() {
  try {
    window.localStorage.setItem(hadSessionKey, '1')
  } catch {
    // Storage refused (private mode): a 401 then reads as "not signed in", also true.
  }
}

function hadSession() {
  try {
    return window.localStorage.getItem(hadSessionKey) === '1'
  } catch {
    return false
  }
}

function Ended({ heading, text }: { heading: string; text: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <section className="panel panel--message" aria-labelledby="ended-heading">
      <h1 id="ended-heading" ref={headingRef} tabIndex={-1}>
        {heading}
      </h1>
      <p>{text}</p>
    </section>
  )
}
