'use client'

import { Button, Modal, toast, useDocumentInfo, useFormFields, useModal } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useId, useRef, useState } from 'react'

/**
 * On a webhook delivery in the admin panel: "Retry now" makes it due again at once. Once its
 * endpoint has received it (`succeeded`), the button reads "Send again" and asks first, in a
 * dialog: the receiver gets it a second time, with the same webhook-id. The page does not follow
 * the delivery, so a press on "Retry now" reads its status first: a delivery received since the
 * page was opened asks too.
 */
export function RetryDeliveryButton() {
  const { id } = useDocumentInfo()
  const router = useRouter()
  const { openModal, closeModal } = useModal()
  const loadedStatus = useFormFields(([fields]) => fields.status?.value)
  const eventId = useFormFields(([fields]) => fields.eventId?.value)
  const [readStatus, setReadStatus] = useState<unknown>()
  const [isBusy, setIsBusy] = useState(false)
  const isChecking = useRef(false)
  const headingId = useId()
  if (!id) return null
  const modalSlug = `send-delivery-${id}-again`
  const isDelivered = (readStatus ?? loadedStatus) === 'succeeded'

  const send = async ({ isReplay }: { isReplay: boolean }) => {
    setIsBusy(true)
    try {
      const response = await fetch(`/api/webhook-deliveries/${id}/retry`, {
        method: 'POST',
        credentials: 'include',
      })
      const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } }
      if (response.ok) {
        toast.success(
          isReplay
            ? 'Queued: the delivery will be sent a second time now'
            : 'Queued: the delivery will be sent again now',
        )
        router.refresh()
      } else {
        toast.error(body.error?.message ?? `Retry failed (${response.status})`)
      }
    } finally {
      setIsBusy(false)
    }
  }

  const press = async () => {
    if (isDelivered) {
      openModal(modalSlug)
      return
    }
    if (isChecking.current) return
    isChecking.current = true
    try {
      const status = await readDeliveryStatus(id)
      setReadStatus(status)
      if (status === 'succeeded') openModal(modalSlug)
      else await send({ isReplay: false })
    } finally {
      isChecking.current = false
    }
  }

  return (
    <>
      <Button buttonStyle="secondary" size="medium" disabled={isBusy} onClick={press}>
        {isDelivered ? 'Send again' : 'Retry now'}
      </Button>
      <Modal
        slug={modalSlug}
        className="confirmation-modal"
        closeOnBlur={false}
        aria-labelledby={headingId}
        aria-describedby={`${headingId}-text`}
      >
        <div className="confirmation-modal__wrapper">
          <div className="confirmation-modal__content">
            <h1 id={headingId}>Send this delivery again?</h1>
            <p id={`${headingId}-text`}>
              Its endpoint has already received it. It will arrive a second time, with the same
              event id (webhook-id <code>{String(eventId ?? '')}</code>): a receiver that ignores an
              event id it has seen will drop it, and one that does not will act on it twice.
            </p>
          </div>
          <div className="confirmation-modal__controls">
            <Button buttonStyle="secondary" size="large" onClick={() => closeModal(modalSlug)}>
              Cancel
            </Button>
            <Button
              size="large"
              onClick={() => {
                closeModal(modalSlug)
                void send({ isReplay: true })
              }}
            >
              Yes, send it again
            </Button>
          </div>
        </div>
      </Modal>
    </>
  )
}

/** The delivery's status as stored now (the form holds it as the page was opened). */
async function readDeliveryStatus(id: number | string): Promise<unknown> {
  const response = await fetch(`/api/webhook-deliveries/${id}?depth=0`, {
    credentials: 'include',
  })
  const body = (await response.json().catch(() => ({}))) as { status?: unknown }
  return body.status
}
