'use client'

import { useMemo } from 'react'
import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr'

import { callApi, type ApiError } from './portalApi'
import type { EventType } from '@/webhooks/contracts/eventTypes'
import type { Paged } from '@/webhooks/contracts/paging'

/** What a page knows of one GET: still loading, the data, or the refusal. */
export type ApiData<T> =
  { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'failed'; error: ApiError }

/** swr's fetcher: the answer's body, or the refusal thrown (swr keeps it as `error`). */
async function readOrThrow<T>(path: string): Promise<T> {
  const result = await callApi<T>(path)
  if (!result.ok) throw result.error
  return result.data
}

/**
 * How every read of the portal behaves. A page reads its data when it is shown (a cached answer
 * is shown at once and read again), and again only after a change made on it: nothing is read
 * behind the person's back, so that a form being filled in is never replaced by a newer version
 * (that is the 412's job, said in words) and the figures on screen are the ones they asked for.
 * The one exception is what changes by itself (`usePortalData`'s `readAgainMs`, timed by
 * `readAgain.ts`): a delivery on its way, an endpoint backing off, read again when the change
 * is due, so that it shows without a reload.
 */
const portalReads: SWRConfiguration = {
  // Coming back to the tab or the network would re-read whatever is on screen, unasked.
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  // A refusal is an answer (404: not yours; 401: the session ended, which the shell shows;
  // 403, 429...): it is shown, not asked again every few seconds. "Refresh" and the next
  // change read again.
  shouldRetryOnError: false,
  // Another page of a list, or other filters: the rows shown stay until the new ones arrive,
  // rather than the list blinking to "Loading…".
  keepPreviousData: true,
  // Reads of one path within this window are one request (components mounted together). SWR's
  // 2 s default also swallowed the first timed read after a change: a retry's outcome showed
  // 2 s after the click, not 1 s (`readAgain.ts`).
  dedupingInterval: 500,
}

/** Delivery statuses that will change by themselves: the page reads them again until settled. */
export const isInFlight = (status: string) => status === 'pending' || status === 'delivering'

/**
 * The answer of `GET path` through swr (read again when `path` changes; `path` null: nothing is
 * read) and its `mutate`, which reads it again keeping what is shown until the answer. With
 * `readAgainMs`, read again that many milliseconds after each answer (a function: from the
 * latest answer), and no longer once it is null.
 */
export function usePortalData<T>(
  path: string | null,
  options: { readAgainMs?: number | null | ((data: T) => number | null) } = {},
) {
  const { readAgainMs = null } = options
  const { data, error, mutate } = useSWR<T, ApiError>(path, readOrThrow, {
    ...portalReads,
    // Each answer read again is shown, equal or not: what the page derives from the clock (an
    // endpoint's back-off "until" a time now past) changes with it.
    ...(readAgainMs !== null && { compare: (a?: T, b?: T) => a === b }),
    refreshInterval: (latest) =>
      (typeof readAgainMs === 'function'
        ? latest === undefined
          ? null
          : readAgainMs(latest)
        : readAgainMs) ?? 0,
  })
  // A refusal wins over older data: an endpoint deleted meanwhile is "not found", not shown.
  const state: ApiData<T> = error
    ? { kind: 'failed', error }
    : data !== undefined
      ? { kind: 'ready', data }
      : { kind: 'loading' }
  return [state, mutate] as const
}

/** The event catalogue's key: the form, the log's filter and the catalogue page share it. */
export const eventTypesPath = '/webhooks/event-types?per_page=100'

/**
 * The event catalogue for pickers, read once per page load (it changes only when an
 * administrator edits it; what an endpoint may list is checked by the API anyway); null while
 * loading or when it failed (then read again by the next picker shown).
 */
export function useEventTypes(): EventType[] | null {
  const { data } = useSWR<Paged<EventType>, ApiError>(eventTypesPath, readOrThrow, {
    ...portalReads,
    revalidateIfStale: false,
  })
  return data?.data ?? null
}

const endpointListKey = /^\/webhooks\/subscriptions(\?|$)/

/**
 * What a change makes stale, and how it is read again: what the page shows is re-read in place
 * (kept on screen until the answer), and the endpoint list, not on screen then, is dropped so
 * that it is read anew ("Loading endpoints…") rather than shown as it was before the change.
 */
export function usePortalRevalidation() {
  const { mutate } = useSWRConfig()
  return useMemo(() => {
    const isString = (key: unknown): key is string => typeof key === 'string'
    const dropEndpointList = () =>
      mutate((key) => isString(key) && endpointListKey.test(key), undefined)
    return {
      /** An endpoint was created or deleted. */
      endpointListChanged: dropEndpointList,
      /** Endpoint `id` changed, or sent something: its settings, figures and log. */
      endpointChanged: (id: string) => {
        const base = `/webhooks/subscriptions/${id}`
        return Promise.all([
          // Read again where shown; the cached answers of views not shown (other filters of
          // the log) are read again when they are.
          mutate((key) => isString(key) && (key === base || key.startsWith(`${base}/`))),
          dropEndpointList(),
        ])
      },
      /** Delivery `id` was attempted again: it and its attempts, whichever page is shown. */
      deliveryChanged: (id: number | string) => {
        const base = `/webhooks/deliveries/${id}`
        return mutate((key) => isString(key) && (key === base || key.startsWith(`${base}/`)))
      },
    }
  }, [mutate])
}
