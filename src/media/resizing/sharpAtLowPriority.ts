import { readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'

import type { SharpDependency } from 'payload'
import sharp from 'sharp'

/**
 * The `sharp` Payload makes the image sizes with, its work at the lowest CPU priority: the
 * threads libvips decodes, resizes and encodes in (named `libvips worker`) get `nice` 19, so that
 * on a busy server the request threads, PostgreSQL and everything else run first and resizing
 * takes the CPU time left over; an upload answers later when the server is busy, as soon as it
 * can otherwise. Figures in docs/benchmarks.md, "Media". Linux only (threads are found in
 * `/proc/self/task`); elsewhere sharp runs as it is.
 */
export const sharpAtLowPriority: SharpDependency = (input, options) => {
  if (!isWatching) {
    isWatching = true
    // sharp reports each image task it queues and each one it finishes; libvips starts its worker
    // threads during a task and keeps them, so a new one is found at the latest when the task
    // that started it ends.
    sharp.queue.on('change', lowerImageWorkersPriority)
  }
  return sharp(input, options)
}

let isWatching = false

/** `nice` of the libvips worker threads: the lowest priority there is. */
export const imageWorkerPriority = 19

/** Gives every libvips worker thread of this process that does not have it the lowest priority. */
export function lowerImageWorkersPriority() {
  for (const thread of imageWorkerThreads()) {
    try {
      // On Linux a thread id is a process id to setpriority(2): this sets that thread only.
      if (os.getPriority(thread) !== imageWorkerPriority) {
        os.setPriority(thread, imageWorkerPriority)
      }
    } catch {
      // The thread ended meanwhile.
    }
  }
}

/** The ids of this process's libvips worker threads (none where there is no `/proc`). */
export function imageWorkerThreads(): number[] {
  let threads: string[]
  try {
    threads = readdirSync('/proc/self/task')
  } catch {
    return []
  }
  return threads
    .filter((thread) => {
      try {
        return readFileSync(`/proc/self/task/${thread}/comm`, 'utf8').trim() === 'libvips worker'
      } catch {
        return false
      }
    })
    .map(Number)
}
