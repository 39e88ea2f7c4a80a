'use client'

import { Button, useDocumentInfo } from '@payloadcms/ui'
import { useState } from 'react'

/**
 * "Open portal" on a consumer's page in the admin panel: asks for a one-time link into that
 * consumer's integrator portal and opens it in a new tab, where the admin acts as the consumer.
 */
export function OpenPortalButtons() {
  const { id } = useDocumentInfo()
  const [isBusy, setIsBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  if (!id) return null

  const open = async (isReadOnly: boolean) => {
    setIsBusy(true)
    setProblem(undefined)
    // Opened before the request, so that the browser does not block it as a pop-up.
    const tab = window.open('about:blank', '_blank')
    try {
      const response = await fetch(`/api/consumers/${id}/portal-link`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ read_only: isReadOnly }),
      })
      const body = (await response.json().catch(() => ({}))) as {
        url?: string
        error?: { message?: string }
      }
      if (response.ok && body.url) {
        if (tab) tab.location.href = body.url
        else window.location.assign(body.url)
      } else {
        tab?.close()
        setProblem(body.error?.message ?? `The portal could not be opened (${response.status})`)
      }
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <div className="field-type open-portal">
      <p className="field-label">Integrator portal</p>
      <p>
        Opens this consumer&apos;s portal in a new tab: its endpoints, delivery log and secrets, as
        the consumer sees them.
      </p>
      <Button buttonStyle="secondary" size="medium" disabled={isBusy} onClick={() => open(false)}>
        Open portal
      </Button>{' '}
      <Button buttonStyle="secondary" size="medium" disabled={isBusy} onClick={() => open(true)}>
        Open portal read-only
      </Button>
      {problem ? (
        <p role="alert" className="open-portal__problem">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
