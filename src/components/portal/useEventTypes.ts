'use client'

import { useEffect, useState } from 'react'

import { callApi } from './portalApi'
import type { EventType } from '@/webhooks/contracts/eventTypes'
import type { Paged } from '@/webhooks/contracts/paging'

let catalogue: Promise<EventType[] | null> | null = null

/** The event catalogue, read once per page load; null while loading or when it failed. */
export function useEventTypes() {
  const [eventTypes, setEventTypes] = useState<EventType[] | null>(null)
  useEffect(() => {
    let isCurrent = true
    catalogue ??= callApi<Paged<EventType>>('/webhooks/event-types?per_page=100').then((result) => {
      if (result.ok) return result.data.data
      catalogue = null
      return null
    })
    catalogue.then((types) => {
      if (isCurrent) setEventTypes(types)
    })
    return () => {
      isCurrent = false
    }
  }, [])
  return eventTypes
}
