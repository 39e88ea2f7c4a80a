import type { FannedOut } from './fanOut'

/**
 * What the worker's loop does next: fan out the outbox, scan for subscriptions with due
 * deliveries, claim for which subscriptions and how many. Pure: it holds the loop's state and is
 * told what happened (notifications, sends started and ended, outcomes written, the fan-out's
 * and the claim's results) and what time it is, so each decision is unit-tested with a fake
 * clock (claimScheduler.spec.ts). The loop in `worker.ts` does the I/O it asks for.
 */
export type ClaimTurn = {
  /** Subscriptions to claim for, in turn. */
  subscriptionIds: string[]
  /** Deliveries the claim may take at most: the worker's free slots. */
  limit: number
}

export type SchedulerLimits = {
  /** Sends the worker runs at once. */
  concurrency: number
  /** While candidates remain, a scan runs at least this often (ms). */
  scanEveryMs: number
}

export class ClaimScheduler {
  /** Deliveries claimed and not finished: being sent or waiting for a slot. */
  private held = 0
  /**
   * What the worker holds at most: three times its concurrency. It claims once nothing waits
   * for a slot (`nothingWaits`), up to twice the concurrency at once, so that claiming is a few large queries rather than one per finished send. A
   * claim costs the worker and PostgreSQL a statement, a lock and an update of each subscription
   * it names, and the outcome batches as much again, whatever it takes: claims of about 83
   * instead of 25 (which waited for half the slots to be free, holding half as many again) cost
   * PostgreSQL 64 to 71 µs a delivery instead of 74 to 93, and the engine ran at 0.74 to 0.79 of
   * the floor instead of 0.68 to 0.69 (three alternating triples of five rounds,
   * docs/benchmarks.md, issue 55). What waits for a slot counts against its endpoint's cap, and a
   * delivery that waited until its lease ran short is given back (`dispatcher.ts`).
   */
  private readonly capacity: number
  /** Subscriptions to claim for, in turn, each once. */
  private readonly candidates: string[] = []
  /** The same as a set: an addition checks it instead of the list (up to 1,000 long). */
  private readonly listed = new Set<string>()
  /**
   * Candidates that filled their share in their last claim (they may have more): the next turn
   * expects `deepShare` deliveries of each, and names fewer subscriptions for its slots.
   */
  private readonly deep = new Set<string>()
  /**
   * What a turn expects of a candidate that filled its share: a tenth of the concurrency, so that
   * a claim of twice the concurrency still goes to twenty endpoints or more. A claim costs
   * PostgreSQL a lock and an update of each subscription it names, whatever it takes of it, and
   * so does the outcome batch; naming one subscription for each free slot while every one had
   * a backlog took one delivery of each. Five of each cost PostgreSQL about 30 µs a delivery less (the
   * claim 28 against 49 µs a delivery alone, the outcome's subscription statements 7 against
   * 19 in the bench's rounds; docs/benchmarks.md, issue 55).
   */
  private readonly deepShare: number
  /** Subscriptions a send of which ended since the last claim: they have a slot free now. */
  private readonly freed = new Set<string>()
  private isOutboxDirty = true
  private isScanDue = true
  private lastScanAt = Number.NEGATIVE_INFINITY
  private isBusy = false

  constructor(
    private readonly limits: SchedulerLimits,
    private readonly now: () => number,
  ) {
    this.capacity = 3 * limits.concurrency
    this.deepShare = Math.max(1, Math.floor(limits.concurrency / 10))
  }

  /** A NOTIFY on the outbox: new events to fan out, and so perhaps due deliveries. */
  outboxNotified() {
    this.isOutboxDirty = true
    this.isScanDue = true
  }

  /** A NOTIFY on the deliveries (a retry or replay asked for by hand), or a LISTEN regained. */
  deliveriesNotified() {
    this.isScanDue = true
  }

  /**
   * The loop slept a poll interval and nothing woke it: it looks at the outbox and the due
   * deliveries again, in case a NOTIFY was missed, and finds retries and probes that came due.
   */
  pollElapsed() {
    this.isOutboxDirty = true
    this.isScanDue = true
  }

  /** A cycle of the loop begins: it is idle unless what it does shows more work. */
  beginCycle() {
    this.isBusy = false
  }

  /** Whether to fan out the outbox now (once asked, until something dirties it again). */
  takeFanOut(): boolean {
    if (!this.isOutboxDirty) return false
    this.isOutboxDirty = false
    return true
  }

  fannedOut(result: FannedOut) {
    // More may wait: the loop does not sleep (a claim that got nothing must not put the rest of
    // a fan-out to sleep for a poll interval).
    if (result.events > 0) this.isBusy = this.isOutboxDirty = true
    if (result.deliveries > 0) this.isScanDue = true
    // A small fan-out names its subscriptions: they are claimed for without a scan.
    if (result.subscriptionIds) this.addCandidates(result.subscriptionIds)
  }

  /**
   * Whether the worker may claim now, and if so whether to scan first. It claims when nothing
   * waits for a slot (see `capacity`). It scans when the candidates run out and something may
   * have come due, and every `scanEveryMs` while it is busy: an endpoint whose sends keep ending
   * stays a candidate for as long as its backlog lasts, and must not hide other subscriptions'
   * retries and probes, which come due with time, not with a wake.
   */
  planClaim(): { scan: boolean } | undefined {
    if (this.freed.size) {
      this.addCandidates([...this.freed])
      this.freed.clear()
    }
    if (!this.nothingWaits()) return undefined
    const isScanTime = this.now() - this.lastScanAt >= this.limits.scanEveryMs
    if ((this.isScanDue && !this.candidates.length) || isScanTime) {
      this.isScanDue = false
      this.lastScanAt = this.now()
      return { scan: true }
    }
    return { scan: false }
  }

  /** A scan's subscriptions with due deliveries join the candidates. */
  scanned(subscriptionIds: string[]) {
    this.addCandidates(subscriptionIds)
  }

  /**
   * The next claim: the first candidates, as many as the free slots can take, each expected to
   * take one delivery, or `deepShare` if it filled its share last time. (The claim divides the
   * slots among those it names that may take a delivery now, so a subscription that has fewer
   * leaves the rest to the next turn.)
   */
  nextTurn(): ClaimTurn | undefined {
    if (!this.candidates.length) return undefined
    const limit = this.freeSlots()
    let named = 0
    for (let expected = 0; named < this.candidates.length && expected < limit; named++) {
      expected += this.deep.has(this.candidates[named]!) ? this.deepShare : 1
    }
    const subscriptionIds = this.candidates.splice(0, named)
    for (const id of subscriptionIds) {
      this.listed.delete(id)
      this.deep.delete(id)
    }
    return { subscriptionIds, limit }
  }

  /**
   * A claim returned (after its deliveries were dispatched): a subscription that filled its
   * share may have more and takes another turn later; the loop stays busy while candidates
   * remain and nothing waits for a slot.
   */
  turnClaimed(mayHaveMore: string[]) {
    this.addCandidates(mayHaveMore)
    for (const id of mayHaveMore) this.deep.add(id)
    this.isBusy ||= this.candidates.length > 0 && this.nothingWaits()
  }

  /** Whether the loop has more to do at once (else it sleeps until woken or a poll is due). */
  hasMoreNow(): boolean {
    return this.isBusy
  }

  /** Whether the worker holds no claimed delivery (none being sent or waiting for a slot). */
  holdsNothing(): boolean {
    return this.held === 0
  }

  /** A claimed delivery was handed to the sender. */
  sendStarted() {
    this.held++
  }

  /**
   * A claimed delivery is finished with (sent, given back, or failed to send). Returns whether
   * the loop should be woken to claim: nothing waits for a slot any more.
   */
  sendEnded(): boolean {
    this.held--
    return this.nothingWaits()
  }

  /**
   * A send ended with an outcome: its endpoint has a slot free at once (the outcome is written
   * meanwhile), so it is claimed for in the next turn.
   */
  sendFinished(subscriptionId: string) {
    this.freed.add(subscriptionId)
  }

  /**
   * Outcomes were written: their subscriptions may have deliveries that could not be claimed
   * before (the next of an ordered object, the backlog behind a probe that succeeded). They take
   * another turn without a scan (a scan after every batch ran dozens of times a second while one
   * endpoint's backlog drained).
   */
  outcomesWritten(subscriptionIds: string[]) {
    this.addCandidates(subscriptionIds)
  }

  private freeSlots() {
    return this.capacity - this.held
  }

  /**
   * Whether every delivery held has a slot (the worker holds no more than its concurrency): then
   * it claims, and the claim may take twice the concurrency.
   */
  private nothingWaits() {
    return this.held <= this.limits.concurrency
  }

  private addCandidates(ids: string[]) {
    for (const id of ids) {
      if (this.listed.has(id)) continue
      this.listed.add(id)
      this.candidates.push(id)
    }
  }
}
