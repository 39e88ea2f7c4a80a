'use client'

import Link from 'next/link'
import { useEffect, useRef, useState } from 'react'

import { EndpointForm } from './EndpointForm'
import { usePortalRevalidation } from './portalData'
import type { CreatedSubscription } from '@/webhooks/contracts/subscriptions'
import { usePortalSession } from './PortalShell'
import { SecretReveal } from './SecretReveal'

/** `/portal/endpoints/new`: the form, then the new endpoint's secret, shown once. */
export function NewEndpoint() {
  const session = usePortalSession()
  const [created, setCreated] = useState<CreatedSubscription | null>(null)
  const doneRef = useRef<HTMLHeadingElement>(null)
  const { endpointListChanged } = usePortalRevalidation()

  useEffect(() => {
    if (created) doneRef.current?.focus()
  }, [created])

  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/portal">Endpoints</Link> <span aria-hidden="true">›</span> New endpoint
      </nav>
      {created ? (
        <>
          <h1 ref={doneRef} tabIndex={-1}>
            Endpoint created
          </h1>
          <p role="status" className="message message--good">
            Your endpoint is created, and a test event is on its way to it.
          </p>
          <SecretReveal secret={created.secret} heading="Its signing secret">
            <p>
              Give this secret to your receiver: it checks each delivery&apos;s signature with it
              (any Standard Webhooks library does).
            </p>
          </SecretReveal>
          <p>
            <Link href={`/portal/endpoints/${created.id}`} className="button button--primary">
              Go to the endpoint
            </Link>
          </p>
        </>
      ) : (
        <>
          <h1>New endpoint</h1>
          {session.read_only ? (
            <p className="message message--error">
              This session is read-only: it cannot add endpoints.
            </p>
          ) : (
            <EndpointForm
              mode="create"
              onCreated={(endpoint) => {
                setCreated(endpoint)
                void endpointListChanged()
              }}
            />
          )}
        </>
      )}
    </>
  )
}
