import { constants, PerformanceObserver } from 'node:perf_hooks'

/** Garbage collections of this process and the time they held its main thread, in ms. */
export type GcPauses = { minor: number; minorMs: number; major: number; majorMs: number }

/**
 * Counts this process's garbage collections from now on (the `gc` entries of `perf_hooks`):
 * `read()` returns the totals so far. A scavenge's time grows with what it copies, so the count
 * and the pause say how much a stage allocates and how much of it lives past a scavenge.
 * Entries arrive a tick after the collection: read after an `await` at the end of what is measured.
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
    stop: () => observer.disconnect(),
  }
}

/** The collections between two `read()`s. */
export const gcSince = (before: GcPauses, after: GcPauses): GcPauses => ({
  minor: after.minor - before.minor,
  minorMs: after.minorMs - before.minorMs,
  major: after.major - before.major,
  majorMs: after.majorMs - before.majorMs,
})
