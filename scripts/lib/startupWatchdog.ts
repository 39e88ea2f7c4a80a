/** The exit code of a script that did not finish starting: try it again (EX_TEMPFAIL). */
export const startupTimeoutExitCode = 75

/**
 * Starts of a script that ends with exit code 75 before its caller gives up (a stall costs about
 * 5 s). A CI run failed when one `npm run worker` stalled four times in a row, the limit then.
 * The stall's trigger was then found: app modules imported statically before the config's
 * dynamic import (7 stalls in 16 starts; 0 in 16 once they load in the same step, which every
 * script using `whileLoading` now does).
 */
export const startupAttempts = 8

/**
 * Ends a script that has not finished starting within `SCRIPT_START_TIMEOUT_SECONDS` (90) with
 * exit code 75 and a message, instead of letting it hang, and keeps the event loop alive until
 * then. Why: under load, a script's top-level `await import()` of the Payload config sometimes
 * never settles (tsx's module hooks run on another thread in Node 20; the same start succeeds
 * when tried again). Without a handle open the script exited with code 13 ("unsettled top-level
 * await"); with one and no bound it waited forever. (One cause was found later: lexical's node
 * entry, which every script now avoids, see `productionConditions` in processes.ts. The watchdog
 * stays for any other.) `runScript` (npm start, npm run dev) and the
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

/** A second in which the process used less CPU than this (all its threads) was idle. */
const idleCpuMsPerSecond = 20
/** Idle seconds in a row while modules load that mean the loading has stalled. */
const stalledAfterIdleSeconds = 5

/**
 * Awaits `loading` (the `import()` of the Payload config and what it imports), ending the
 * process with exit code 75 as soon as the loading has stalled, instead of at the watchdog's
 * bound: loading modules keeps the CPU busy, so five seconds in a row without CPU time mean the
 * import will never settle. (Measured: two `npm run worker` started at once stalled there in
 * about one start in four, each then waiting out the 40 s bound of the tests.) The caller
 * starts the script again, as for any exit code 75.
 */
export async function whileLoading<T>(name: string, loading: Promise<T>): Promise<T> {
  let last = process.cpuUsage()
  let idleSeconds = 0
  const timer = setInterval(() => {
    const used = process.cpuUsage(last)
    last = process.cpuUsage()
    idleSeconds = (used.user + used.system) / 1000 < idleCpuMsPerSecond ? idleSeconds + 1 : 0
    if (idleSeconds < stalledAfterIdleSeconds) return
    console.error(
      `${name}: loading its modules stalled (no CPU used for ${stalledAfterIdleSeconds} s); ` +
        `exiting with code ${startupTimeoutExitCode} so that it is started again`,
    )
    process.exit(startupTimeoutExitCode)
  }, 1000)
  try {
    return await loading
  } finally {
    clearInterval(timer)
  }
}
