import { constants, PerformanceObserver } from 'node:perf_hooks'

/** Garbage collections of this process and the time they held its main thread, in ms. */
export type GcPauses = { minor: number; minorMs: number; major: number; majorMs: number }

/**
 * Counts this process's garbage collections from now on (the `gc` entries of `perf_hooks`):
 * `read()` returns the totals so far, `since(before)` the collections after that reading. A
 * scavenge's time grows with what it copies, so the count and the pause say how much a stage
 * allocates and how much of it lives past a scavenge.
 */
export function watchGcPauses() {
  const totals: GcPauses = { minor: 0, minorMs: 0, major: 0, majorMs: 0 }
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        totals.minor++
        totals.minorMs += entry.duration
      } else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        totals.major++
        totals.majorMs += entry.duration
      }
    }
  })
  observer.observe({ entryTypes: ['gc'] })
  return {
    read: (): GcPauses => ({ ...totals }),
    /** The collections since `before` (a `read()`), once the last ones' entries have arrived (a tick after each). */
    since: async (before: GcPauses): Promise<GcPauses> => {
      await new Promise((resolve) => setImmediate(resolve))
      return {
        minor: totals.minor - before.minor,
        minorMs: totals.minorMs - before.minorMs,
        major: totals.major - before.major,
        majorMs: totals.majorMs - before.majorMs,
      }
    },
    stop: () => observer.disconnect(),
  }
}

/** No collections: what a run not yet measured shows. */
export const noGcPauses: GcPauses = { minor: 0, minorMs: 0, major: 0, majorMs: 0 }
