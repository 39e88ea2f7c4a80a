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
  const [notice, setNotice] = useState<string>()
  if (!id) return null

  const endSessions = async () => {
    setIsBusy(true)
    setProblem(undefined)
    setNotice(undefined)
    try {
      const response = await fetch(`/api/consumers/${id}/portal-sessions`, {
        method: 'DELETE',
        credentials: 'include',
      })
      const body = (await response.json().catch(() => ({}))) as {
        ended?: number
        error?: { message?: string }
      }
      if (response.ok && typeof body.ended === 'number') {
        setNotice(
          body.ended === 1
            ? 'Ended 1 portal link or session.'
            : `Ended ${body.ended} portal links and sessions.`,
        )
      } else {
        setProblem(body.error?.message ?? `The sessions could not be ended (${response.status})`)
      }
    } finally {
      setIsBusy(false)
    }
  }

  const open = async (isReadOnly: boolean) => {
    setIsBusy(true)
    setProblem(undefined)
    setNotice(undefined)
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
      </Button>{' '}
      <Button buttonStyle="secondary" size="medium" disabled={isBusy} onClick={endSessions}>
        End portal sessions
      </Button>
      <p className="open-portal__hint">
        Ends every link not yet opened and every session at once, as changing the consumer&apos;s
        API key or turning API access off does.
      </p>
      <p role="status" className="open-portal__notice">
        {notice}
      </p>
      {problem ? (
        <p role="alert" className="open-portal__problem">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
