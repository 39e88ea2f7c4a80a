import type { Payload } from 'payload'

import { configOf } from '@/config/appConfig'
import { countAnswerCache, setAnswerCacheSize } from '@/runtime/metrics'
import { answerStore, type AnswerStore } from '../answerStore'
import { startInvalidationListener } from './invalidationListener'

/** One Payload instance's answer cache: its store and the listener that keeps it true. */
export type AnswerCache = {
  store: AnswerStore
  /** Resolves once the listener LISTENs (or at once when it already does). */
  listening: () => Promise<void>
  stop: () => Promise<void>
}

/**
 * The running caches of this process, one per Payload instance (an app server has one; a test
 * process may start a second instance on the same database, as a second server would be). Under
 * a `Symbol.for('content-shop.…')` slot with `stop()`, which the app server's shutdown and the
 * test harness call.
 */
const slot = Symbol.for('content-shop.answerCaches')
type Running = {
  caches: WeakMap<Payload, AnswerCache>
  all: Set<AnswerCache>
  stop: () => Promise<void>
}

function running(): Running {
  const global = globalThis as typeof globalThis & { [slot]?: Running }
  if (!global[slot]) {
    const all = new Set<AnswerCache>()
    global[slot] = {
      caches: new WeakMap(),
      all,
      stop: async () => {
        const caches = [...all]
        all.clear()
        await Promise.all(caches.map((cache) => cache.stop()))
      },
    }
  }
  return global[slot]
}

/** The answer cache of `payload` if one runs (never starts one: a script or worker has none). */
export function existingAnswerCache(payload: Payload): AnswerCache | undefined {
  return running().caches.get(payload)
}

/**
 * The answer cache of `payload`, started on first use (its listener connects then: until it
 * LISTENs, reads are computed and nothing is kept); undefined when `ANSWER_CACHE=off`, and
 * while read replicas are configured: a public read computed on a replica that has not replayed
 * a change yet would be kept after that change's invalidation, stale until the next change
 * (tests/e2e/readReplicas.test.ts found it). Public reads then go to the replicas uncached.
 */
export function answerCacheOf(payload: Payload): AnswerCache | undefined {
  const config = configOf(payload)
  const settings = config.answerCache
  if (!settings.isOn || config.database.replicaUrls.length > 0) return undefined
  const { caches, all } = running()
  const existing = caches.get(payload)
  if (existing) return existing

  const store = answerStore({
    maxEntries: settings.maxEntries,
    maxBytes: settings.maxBytes,
    onEviction: () => countAnswerCache('eviction'),
  })
  let isListening = false
  let waiters: (() => void)[] = []
  const listener = startInvalidationListener({
    payload,
    changed: (tags) => {
      store.drop(tags)
      setAnswerCacheSize(store.size().entries)
    },
    listening: (isNow) => {
      isListening = isNow
      store.setListening(isNow)
      setAnswerCacheSize(store.size().entries)
      if (!isNow) return
      for (const resolve of waiters) resolve()
      waiters = []
    },
  })
  const cache: AnswerCache = {
    store,
    listening: () =>
      isListening ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
    stop: async () => {
      caches.delete(payload)
      all.delete(cache)
      await listener.stop()
    },
  }
  caches.set(payload, cache)
  all.add(cache)
  return cache
}
