'use client'

import { useCallback, useEffect, useState } from 'react'

import { callApi, type ApiError } from './portalApi'

/** What a page knows of one GET: still loading, the data, or the refusal. */
export type ApiData<T> =
  { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'failed'; error: ApiError }

/**
 * The answer of `GET path` (re-read whenever `path` changes or `reload()` is called; the data
 * shown stays until the new answer arrives). `path` null: nothing is read.
 */
export function useApiData<T>(path: string | null) {
  const [state, setState] = useState<ApiData<T>>({ kind: 'loading' })
  const [generation, setGeneration] = useState(0)

  useEffect(() => {
    if (path === null) return
    const controller = new AbortController()
    callApi<T>(path, { signal: controller.signal }).then(
      (result) =>
        setState(
          result.ok
            ? { kind: 'ready', data: result.data }
            : { kind: 'failed', error: result.error },
        ),
      () => undefined,
    )
    return () => controller.abort()
  }, [path, generation])

  const reload = useCallback(() => setGeneration((value) => value + 1), [])
  return [state, reload] as const
}
