/**
 * Keeps the event loop alive until the returned function is called. Scripts that await
 * `import()` of the Payload config at the top level sometimes exited with code 13 ("unsettled
 * top-level await") before it resolved, under load (seen for the worker and the tests' schema
 * push): tsx's module hooks answer from another thread, which holds nothing open in this one.
 */
export function holdOpen(): () => void {
  const timer = setInterval(() => {}, 60_000)
  return () => clearInterval(timer)
}
