'use client'

import { useConfig, useDocumentInfo, useModal } from '@payloadcms/ui'
import { useEffect, useRef, useState } from 'react'

import { scheduledForText } from '@/articles/scheduleText'

type Schedule = { at: string; timeZone: string | null }

/**
 * "Scheduled for <time> (<zone>)" in the document's controls while a publication is scheduled;
 * read again from the document (its `scheduledPublication`) each time the editor closes the
 * Schedule Publish drawer, where schedules are added and cancelled.
 */
export function ScheduledPublicationLine({
  collection,
  initial,
  siteTimeZone,
}: {
  collection: string
  initial: Schedule | null
  siteTimeZone: string
}) {
  const { id } = useDocumentInfo()
  const { isModalOpen } = useModal()
  const {
    config: {
      routes: { api },
    },
  } = useConfig()
  const [schedule, setSchedule] = useState(initial)
  const isDrawerOpen = id !== undefined && isModalOpen(`schedule-publish-${id}`)
  const wasDrawerOpen = useRef(isDrawerOpen)

  useEffect(() => {
    const hasClosed = wasDrawerOpen.current && !isDrawerOpen
    wasDrawerOpen.current = isDrawerOpen
    if (!hasClosed) return
    const controller = new AbortController()
    fetch(`${api}/${collection}/${id}?draft=true&depth=0`, {
      credentials: 'include',
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.json() : undefined))
      .then((doc?: { scheduledPublication?: Schedule | null }) => {
        if (doc) setSchedule(doc.scheduledPublication ?? null)
      })
      .catch(() => undefined)
    return () => controller.abort()
  }, [api, collection, id, isDrawerOpen])

  if (!schedule) return null
  return (
    <p className="scheduled-status" role="status" style={{ margin: 0, fontWeight: 600 }}>
      {scheduledForText({ at: new Date(schedule.at), timeZone: schedule.timeZone, siteTimeZone })}
    </p>
  )
}
