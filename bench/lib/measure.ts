import autocannon from 'autocannon'

/** One load scenario against the running app. */
export type Scenario = {
  name: string
  path: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** The status every answer must have, or the figures are meaningless. */
  expectStatus: number
}

/** What one scenario measured. */
export type Figures = {
  name: string
  requestsPerSecond: number
  p50: number
  p99: number
  /** Requests answered in the measured run (the warm-up not included). */
  requests?: number
}

/** How long each scenario runs: `connections` at once, a warm-up, then `seconds` measured. */
export type LoadOptions = { connections: number; seconds: number; warmupSeconds?: number }

/**
 * Runs each scenario with autocannon (after a short warm-up) and checks that every answer had
 * the expected status, so that a fast stream of errors is never reported as throughput.
 */
export async function measure(
  baseUrl: string,
  scenarios: Scenario[],
  options: LoadOptions = { connections: 10, seconds: 8 },
): Promise<Figures[]> {
  const figures: Figures[] = []
  for (const scenario of scenarios) figures.push(await measureOne(baseUrl, scenario, options))
  return figures
}

/**
 * One scenario (`measure`); `during` runs around the measured part only (after the warm-up),
 * e.g. to take the database's counters before and after.
 */
export async function measureOne(
  baseUrl: string,
  scenario: Scenario,
  options: LoadOptions,
  during: <T>(run: () => Promise<T>) => Promise<T> = (run) => run(),
): Promise<Figures> {
  const run = (duration: number) =>
    autocannon({
      url: `${baseUrl}${scenario.path}`,
      method: scenario.method ?? 'GET',
      headers: scenario.headers,
      body: scenario.body,
      connections: options.connections,
      duration,
      expectBody: undefined,
    })
  await run(options.warmupSeconds ?? 2)
  const result = await during(() => run(options.seconds))
  const statusKey = `${Math.floor(scenario.expectStatus / 100)}xx` as '2xx' | '4xx'
  const unexpected = result.requests.total - result[statusKey] + result.errors + result.timeouts
  if (unexpected > 0 || result.requests.total === 0) {
    throw new Error(`${scenario.name}: ${unexpected} answers were not ${scenario.expectStatus}`)
  }
  return {
    name: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
  }
}

/** Prints figures as a Markdown table, ready for docs/benchmarks.md. */
export function printTable(figures: Figures[], baseline?: string) {
  const base = figures.find((figure) => figure.name === baseline)?.requestsPerSecond
  console.log('| scenario | req/s | p50 ms | p99 ms |' + (base ? ' vs baseline |' : ''))
  console.log('|---|---:|---:|---:|' + (base ? '---:|' : ''))
  for (const figure of figures) {
    const ratio = base ? ` ${(figure.requestsPerSecond / base).toFixed(2)} |` : ''
    console.log(
      `| ${figure.name} | ${figure.requestsPerSecond} | ${figure.p50} | ${figure.p99} |${ratio}`,
    )
  }
}
