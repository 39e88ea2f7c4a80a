/** The exit code of a script that did not finish starting: try it again (EX_TEMPFAIL). */
export const startupTimeoutExitCode = 75

/**
 * Ends a script that has not finished starting within `SCRIPT_START_TIMEOUT_SECONDS` (90) with
 * exit code 75 and a message, instead of letting it hang, and keeps the event loop alive until
 * then. Why: under load, a script's top-level `await import()` of the Payload config sometimes
 * never settles (tsx's module hooks run on another thread in Node 20; the same start succeeds
 * when tried again). Without a handle open the script exited with code 13 ("unsettled top-level
 * await"); with one and no bound it waited forever. `runScript` (npm start, npm run dev) and the
 * tests' process helpers start a script once more on this exit code. Call the returned function
 * once started.
 */
export function startupWatchdog(name: string): () => void {
  const seconds = Number(process.env.SCRIPT_START_TIMEOUT_SECONDS || 90)
  const timer = setTimeout(() => {
    console.error(
      `${name} did not finish starting within ${seconds} s (SCRIPT_START_TIMEOUT_SECONDS); ` +
        `exiting with code ${startupTimeoutExitCode} so that it is started again`,
    )
    process.exit(startupTimeoutExitCode)
  }, seconds * 1000)
  return () => clearTimeout(timer)
}
