import PQueue from 'p-queue'

import { leaseMarginMs } from '../workerSettings'
import type { ClaimedDelivery } from './claimDeliveries'
import type { AttemptOutcome } from './sendDelivery'

/**
 * Whether a claim that waited for a slot still has lease enough to be sent: the send's longest
 * time plus half the margin. At the shortest lease (the longest send plus the margin) the other
 * half is left for the claim's round trip and the wait. (Demanding the whole margin gave back
 * nearly every claim that waited, at once: a59c40a.)
 */
export function hasLeaseToSend(
  delivery: Pick<ClaimedDelivery, 'leaseExpiresAt' | 'timeoutSeconds'>,
  nowMs: number,
): boolean {
  const leaseLeftMs = new Date(delivery.leaseExpiresAt).getTime() - nowMs
  return leaseLeftMs >= delivery.timeoutSeconds * 1000 + leaseMarginMs / 2
}

export type Dispatcher = {
  /** Queues a claimed delivery for a slot. */
  dispatch: (delivery: ClaimedDelivery) => void
  /** Sends running or waiting for a slot. */
  pending: () => number
  /** Resolves when no send runs or waits. */
  idle: () => Promise<void>
  /** Sends finished, and their total time (from the request to the response's end, ms). */
  stats: () => { sends: number; sendMs: number }
}

/**
 * Runs the sends of claimed deliveries, `concurrency` at a time. A delivery that waited for a
 * slot until its lease could lapse mid-send is given back (due at once, its attempt not counted)
 * rather than risk two workers sending it; so is every one still waiting once the worker stops.
 */
export function createDispatcher({
  concurrency,
  isStopping,
  send,
  giveBack,
  sent,
  ended,
  gaveBackLate,
  failed,
}: {
  concurrency: number
  isStopping: () => boolean
  send: (delivery: ClaimedDelivery) => Promise<AttemptOutcome>
  giveBack: (delivery: ClaimedDelivery) => Promise<void>
  /** A send ended with an outcome (to be written). */
  sent: (outcome: AttemptOutcome) => void
  /** A delivery is done with here, sent or not. */
  ended: () => void
  /** A delivery was given back for want of lease (it waited too long for a slot). */
  gaveBackLate: (delivery: ClaimedDelivery) => void
  /** An attempt could not even be made (it is retried when its lease lapses). */
  failed: (delivery: ClaimedDelivery, error: unknown) => void
}): Dispatcher {
  const slots = new PQueue({ concurrency })
  const stats = { sends: 0, sendMs: 0 }
  return {
    dispatch: (delivery) => {
      void slots
        .add(async () => {
          if (isStopping()) return giveBack(delivery)
          if (!hasLeaseToSend(delivery, Date.now())) {
            await giveBack(delivery)
            gaveBackLate(delivery)
            return
          }
          const outcome = await send(delivery)
          stats.sends++
          stats.sendMs += outcome.durationMs
          sent(outcome)
        })
        .catch((error) => failed(delivery, error))
        .finally(ended)
    },
    pending: () => slots.pending,
    idle: () => slots.onIdle(),
    stats: () => ({ ...stats }),
  }
}
