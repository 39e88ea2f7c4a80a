'use client'

import { loader } from '@monaco-editor/react'
import { CodeField as PayloadCodeField, JSONField, ShimmerEffect } from '@payloadcms/ui'
import type { CodeFieldClientProps, JSONFieldClientProps } from 'payload'
import { useEffect, useState } from 'react'

/** What the plugin adds to the props of the fields it wraps. */
type MonacoProps = {
  /** Where Monaco's `vs` directory is served by this app. */
  monacoVs: string
}

let loading: Promise<void> | undefined

/**
 * Loads Monaco from this app once and publishes it as `window.monaco`. Payload's editor carries
 * its own copy of `@monaco-editor/loader` (bundled into `@payloadcms/ui`, so `loader.config` from
 * here cannot reach it); that copy takes `window.monaco` when it exists instead of fetching
 * Monaco from its CDN default.
 */
function loadMonaco(vs: string): Promise<void> {
  loading ??= (async () => {
    loader.config({ paths: { vs } })
    const monaco = await loader.init()
    Object.assign(window, { monaco })
  })()
  return loading
}

/** Whether Monaco from this app is ready; Payload's editor must not mount before. */
function useMonaco(vs: string): boolean {
  const [isReady, setIsReady] = useState(false)
  useEffect(() => {
    let isMounted = true
    loadMonaco(vs).then(
      () => isMounted && setIsReady(true),
      (error: unknown) => console.error('The code editor could not be loaded from this app', error),
    )
    return () => {
      isMounted = false
    }
  }, [vs])
  return isReady
}

/** Payload's JSON field, mounted once Monaco has been loaded from this app. */
export function JsonField({ monacoVs, ...props }: JSONFieldClientProps & MonacoProps) {
  return useMonaco(monacoVs) ? <JSONField {...props} /> : <ShimmerEffect height={110} />
}

/** Payload's code field, mounted once Monaco has been loaded from this app. */
export function CodeField({ monacoVs, ...props }: CodeFieldClientProps & MonacoProps) {
  return useMonaco(monacoVs) ? <PayloadCodeField {...props} /> : <ShimmerEffect height={110} />
}
