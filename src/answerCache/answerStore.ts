import { LRUCache } from 'lru-cache'

/** One answer as the cache keeps it: what a hit sends again, byte for byte. */
export type StoredAnswer = {
  /** The JSON body. */
  body: string
  /** Its strong entity tag (`"…"`), compared with `If-None-Match`. */
  etag: string
  /** The answer's headers besides `ETag` (Content-Type, Content-Language, Vary, ...). */
  headers: Record<string, string>
  /** The documents and lists it holds (`articles:12`, `articles`): a change to one drops it. */
  tags: readonly string[]
}

/** What the store counted since it was made. */
export type AnswerStoreCounts = { hits: number; misses: number; evictions: number }

/** How long a tag a change of this instance announced stays held when its NOTIFY never comes. */
export const heldTagMs = 10_000

/**
 * The answers of one process, least recently used first out, bounded in entries and bytes
 * (`lru-cache`: a maintained LRU with both bounds and an eviction callback), indexed by the
 * tags each holds. Pure: no I/O; the clock is handed in.
 *
 * Never stale after a change: `drop(tags)` (a change committed, told by NOTIFY) removes every
 * answer holding one of `tags`; `hold(tags)` (a change of this instance, before its commit)
 * does too and keeps answers holding them out until their NOTIFY arrives; a generation counter,
 * moved by both, refuses to keep an answer computed while a change landed (its reads may predate
 * the change). While `isListening` is false (no invalidation can reach this process) the store
 * is empty and keeps nothing.
 */
export function answerStore(options: {
  maxEntries: number
  maxBytes: number
  now?: () => number
  /** Told of each answer pushed out to make room. */
  onEviction?: () => void
}) {
  const { now = Date.now } = options
  const byTag = new Map<string, Set<string>>()
  const held = new Map<string, number>()
  const counts: AnswerStoreCounts = { hits: 0, misses: 0, evictions: 0 }
  let generation = 0
  let isListening = false
  const answers = new LRUCache<string, StoredAnswer>({
    max: options.maxEntries,
    maxSize: options.maxBytes,
    sizeCalculation: (answer) =>
      Math.max(1, answer.body.length + answer.etag.length + answer.tags.join(' ').length),
    dispose: (answer, key, reason) => {
      for (const tag of answer.tags) {
        const keys = byTag.get(tag)
        keys?.delete(key)
        if (keys?.size === 0) byTag.delete(tag)
      }
      if (reason === 'evict') {
        counts.evictions++
        options.onEviction?.()
      }
    },
  })
  const isHeld = (tags: readonly string[]) => {
    if (held.size === 0) return false
    const at = now()
    return tags.some((tag) => {
      const until = held.get(tag)
      if (until === undefined) return false
      if (until > at) return true
      held.delete(tag)
      return false
    })
  }
  const removeTagged = (tags: readonly string[]) => {
    for (const tag of tags) {
      for (const key of [...(byTag.get(tag) ?? [])]) answers.delete(key)
    }
  }

  return {
    /** The generation to hand back to `keep`: taken before the answer's first read. */
    generation: () => generation,
    /** Whether answers may be served and kept (the invalidations can reach this process). */
    isUsable: () => isListening,
    /** The answer kept under `key`, if any may be served now (counted as a hit or a miss). */
    find(key: string): StoredAnswer | undefined {
      const answer = isListening ? answers.get(key) : undefined
      if (answer && isHeld(answer.tags)) {
        answers.delete(key)
      } else if (answer) {
        counts.hits++
        return answer
      }
      counts.misses++
      return undefined
    },
    /**
     * Keeps `answer` under `key` unless a change landed since `generationAtStart`, one of its
     * tags is held, or the store is not usable. Says whether it kept it.
     */
    keep(key: string, answer: StoredAnswer, generationAtStart: number): boolean {
      if (!isListening || generation !== generationAtStart || isHeld(answer.tags)) return false
      answers.set(key, answer)
      if (!answers.has(key)) return false
      for (const tag of answer.tags) {
        let keys = byTag.get(tag)
        if (!keys) byTag.set(tag, (keys = new Set()))
        keys.add(key)
      }
      return true
    },
    /** A committed change: drops the answers holding any of `tags` and releases their hold. */
    drop(tags: readonly string[]) {
      generation++
      for (const tag of tags) held.delete(tag)
      removeTagged(tags)
    },
    /** A change of this process, not committed yet: drops and holds `tags` until `drop(tags)`. */
    hold(tags: readonly string[]) {
      generation++
      const until = now() + heldTagMs
      for (const tag of tags) held.set(tag, until)
      removeTagged(tags)
    },
    /** The invalidations can reach this process (true) or not (false: empties it). */
    setListening(isNowListening: boolean) {
      generation++
      isListening = isNowListening
      if (!isNowListening) answers.clear()
    },
    /** Answers held, and their size in bytes as counted against the bound. */
    size: () => ({ entries: answers.size, bytes: answers.calculatedSize }),
    counts: (): AnswerStoreCounts => ({ ...counts }),
  }
}

export type AnswerStore = ReturnType<typeof answerStore>
