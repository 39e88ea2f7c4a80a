'use client'

import { Button, toast, useDocumentInfo } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'

/** "Retry now" on a webhook delivery in the admin panel: makes it due again at once. */
export function RetryDeliveryButton() {
  const { id } = useDocumentInfo()
  const router = useRouter()
  const [isBusy, setIsBusy] = useState(false)
  if (!id) return null

  const retry = async () => {
    setIsBusy(true)
    try {
      const response = await fetch(`/api/webhook-deliveries/${id}/retry`, {
        method: 'POST',
        credentials: 'include',
      })
      const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } }
      if (response.ok) {
        toast.success('Queued: the delivery will be sent again now')
        router.refresh()
      } else {
        toast.error(body.error?.message ?? `Retry failed (${response.status})`)
      }
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <Button buttonStyle="secondary" size="medium" disabled={isBusy} onClick={retry}>
      Retry now
    </Button>
  )
}
