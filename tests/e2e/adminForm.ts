import type { Page, Request } from 'playwright-core'

/**
 * The admin form's checks of what was typed (Payload's form-state server action, a POST with a
 * `next-action` header) that start after this call: `settled()` resolves once none of them has
 * been in flight for 500 ms, and at least one was answered (its body read) unless none started
 * within 3 s. A check already in flight when this is called is not counted: its answer has
 * nothing to take away (in CI at c8766fd one such answer took a counter below zero for good, in
 * tests/e2e/refusalsInWords.test.ts).
 */
export function formChecks(page: Page) {
  const inFlight = new Set<Request>()
  const since = Date.now()
  let answered = 0
  let lastChange = since
  const isCheck = (request: Request) =>
    request.method() === 'POST' && Boolean(request.headers()['next-action'])
  page.on('request', (request) => {
    if (!isCheck(request)) return
    inFlight.add(request)
    lastChange = Date.now()
  })
  // A request ends once, whichever of its body's arrival or its failure comes first.
  const done = (request: Request) => {
    if (!inFlight.delete(request)) return
    answered += 1
    lastChange = Date.now()
  }
  // The answer counts once its body has arrived (a server action's answer is a stream).
  page.on('response', (response) => {
    const request = response.request()
    if (!inFlight.has(request)) return
    void response.body().then(
      () => done(request),
      () => done(request),
    )
  })
  page.on('requestfailed', done)
  const quiet = () => {
    const now = Date.now()
    if (inFlight.size > 0 || now - lastChange < 500) return false
    return answered > 0 || now - since >= 3_000
  }
  return {
    settled: async () => {
      const deadline = Date.now() + 30_000
      while (!quiet()) {
        if (Date.now() > deadline) {
          throw new Error(`The form kept checking for 30 s (${inFlight.size} in flight)`)
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
  }
}
