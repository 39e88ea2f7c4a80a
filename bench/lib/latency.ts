/** Latency percentiles, in milliseconds, of `runs` sequential calls of `call` (after a warm-up). */
export async function sequentialLatency(
  call: () => Promise<void>,
  runs = 400,
): Promise<{ p50: number; p95: number; mean: number }> {
  for (let index = 0; index < 20; index++) await call()
  const samples: number[] = []
  for (let index = 0; index < runs; index++) {
    const started = performance.now()
    await call()
    samples.push(performance.now() - started)
  }
  samples.sort((a, b) => a - b)
  const at = (quantile: number) =>
    samples[Math.min(samples.length - 1, Math.floor(quantile * samples.length))]!
  const round = (value: number) => Math.round(value * 100) / 100
  return {
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    mean: round(samples.reduce((sum, value) => sum + value, 0) / samples.length),
  }
}
