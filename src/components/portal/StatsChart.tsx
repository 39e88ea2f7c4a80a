import { useId } from 'react'

import { formatHour, formatHourShort, formatMs, formatRate } from './format'
import type { HourStats, SubscriptionStats } from '@/webhooks/contracts/subscriptionStats'
import { countOf } from '@/text/plural'

/**
 * The drawing area of a chart, in SVG units: the SVG scales to the width of the page, so its
 * text is drawn at `fontSize` times that scale. Two layouts: a wide one, and a narrow one for
 * phones (fewer hour labels, larger text) whose labels still read at 12 px or more 390 px wide.
 */
type Layout = {
  width: number
  height: number
  margin: { top: number; right: number; bottom: number; left: number }
  fontSize: number
  /** Every how many hours the hour axis has a label. */
  labelEvery: number
}

const wide: Layout = {
  width: 720,
  height: 170,
  margin: { top: 12, right: 10, bottom: 26, left: 60 },
  fontSize: 12,
  labelEvery: 4,
}
const narrow: Layout = {
  width: 360,
  height: 200,
  margin: { top: 12, right: 12, bottom: 32, left: 64 },
  fontSize: 14,
  labelEvery: 6,
}

/** Colours with at least 3:1 contrast on white (graphics), told apart by shape too. */
const colours = {
  succeeded: '#1a7f37',
  failed: '#cf222e',
  empty: '#8c959f',
  p50: '#0550ae',
  p95: '#8250df',
  grid: '#d0d7de',
  text: '#3d444d',
}

/** The smallest of 1, 2, 5 × 10^k that is at least `value`. */
function niceCeiling(value: number) {
  if (value <= 0) return 1
  const power = 10 ** Math.floor(Math.log10(value))
  return ([1, 2, 5, 10].find((step) => step * power >= value) ?? 10) * power
}

const plotWidth = (layout: Layout) => layout.width - layout.margin.left - layout.margin.right
const plotHeight = (layout: Layout) => layout.height - layout.margin.top - layout.margin.bottom
const slotWidth = (layout: Layout) => plotWidth(layout) / 24
const slotX = (layout: Layout, index: number) => layout.margin.left + index * slotWidth(layout)
const yFor = (layout: Layout, share: number) => layout.margin.top + plotHeight(layout) * (1 - share)

const attemptForms = { one: 'attempt', other: 'attempts' }

/**
 * An endpoint's last 24 hours, hour by hour: the share of attempts that succeeded (bars) and
 * the p50 / p95 latency (lines), as inline SVG drawn with presentation attributes only (the
 * portal's CSP allows no inline styles), with the same figures in a table for screen readers
 * and for anyone who prefers numbers.
 */
export function StatsChart({ stats }: { stats: SubscriptionStats }) {
  const id = useId()
  const hours = stats.hours
  const maxLatency = niceCeiling(Math.max(0, ...hours.map((hour) => hour.p95_ms ?? 0)))
  const busiest = hours.reduce<HourStats | null>(
    (best, hour) => (best === null || hour.attempts > best.attempts ? hour : best),
    null,
  )
  const summary =
    stats.attempts === 0
      ? 'No attempts in the last 24 hours.'
      : `${countOf(stats.attempts, attemptForms)} in the last 24 hours, ${stats.succeeded} succeeded ` +
        `(${formatRate(stats.success_rate)}), ${stats.failed} failed; latency p50 ` +
        `${formatMs(stats.p50_ms)}, p95 ${formatMs(stats.p95_ms)}.` +
        (busiest && busiest.attempts > 0
          ? ` Busiest hour: from ${formatHour(busiest.start)}, ${countOf(busiest.attempts, attemptForms)}.`
          : '')

  return (
    <div className="chart">
      <p className="chart__summary" id={`${id}-summary`}>
        {summary}
      </p>
      <figure className="chart__figure">
        <figcaption id={`${id}-rate`} className="chart__caption">
          Success rate per hour
          <span className="legend">
            <span className="legend__item">
              <span className="swatch swatch--succeeded" aria-hidden="true" /> succeeded
            </span>
            <span className="legend__item">
              <span className="swatch swatch--failed" aria-hidden="true" /> failed
            </span>
            <span className="legend__item">
              <span className="swatch swatch--empty" aria-hidden="true" /> no attempts
            </span>
          </span>
        </figcaption>
        {[wide, narrow].map((layout) => (
          <svg
            key={layout.width}
            viewBox={`0 0 ${layout.width} ${layout.height}`}
            className={`chart__svg chart__svg--${layout === wide ? 'wide' : 'narrow'}`}
            role="img"
            aria-labelledby={`${id}-rate`}
            aria-describedby={`${id}-summary`}
          >
            <SuccessBars layout={layout} hours={hours} />
          </svg>
        ))}
      </figure>

      <figure className="chart__figure">
        <figcaption id={`${id}-latency`} className="chart__caption">
          Latency per hour
          <span className="legend">
            <span className="legend__item">
              <span className="swatch swatch--p50" aria-hidden="true" /> p50 (solid, dots)
            </span>
            <span className="legend__item">
              <span className="swatch swatch--p95" aria-hidden="true" /> p95 (dashed, squares)
            </span>
          </span>
        </figcaption>
        {[wide, narrow].map((layout) => (
          <svg
            key={layout.width}
            viewBox={`0 0 ${layout.width} ${layout.height}`}
            className={`chart__svg chart__svg--${layout === wide ? 'wide' : 'narrow'}`}
            role="img"
            aria-labelledby={`${id}-latency`}
            aria-describedby={`${id}-summary`}
          >
            <GridLines layout={layout} label={(share) => formatMs(maxLatency * share)} />
            <LatencyLine
              layout={layout}
              hours={hours}
              pick={(hour) => hour.p95_ms}
              max={maxLatency}
              colour={colours.p95}
              isDashed
            />
            <LatencyLine
              layout={layout}
              hours={hours}
              pick={(hour) => hour.p50_ms}
              max={maxLatency}
              colour={colours.p50}
            />
            <HourAxis layout={layout} hours={hours} />
          </svg>
        ))}
      </figure>

      <details className="chart__table">
        <summary>The figures, hour by hour</summary>
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Hourly figures">
          <table>
            <caption className="visually-hidden">
              Attempts, success rate and latency of each of the last 24 hours
            </caption>
            <thead>
              <tr>
                <th scope="col">Hour from</th>
                <th scope="col">Attempts</th>
                <th scope="col">Succeeded</th>
                <th scope="col">Failed</th>
                <th scope="col">Success rate</th>
                <th scope="col">p50</th>
                <th scope="col">p95</th>
              </tr>
            </thead>
            <tbody>
              {hours.map((hour) => (
                <tr key={hour.start}>
                  <th scope="row">
                    <time dateTime={hour.start}>{formatHour(hour.start)}</time>
                  </th>
                  <td>{hour.attempts}</td>
                  <td>{hour.succeeded}</td>
                  <td>{hour.failed}</td>
                  <td>{hour.attempts ? formatRate(hour.succeeded / hour.attempts) : '—'}</td>
                  <td>{formatMs(hour.p50_ms)}</td>
                  <td>{formatMs(hour.p95_ms)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  )
}

/** The share of each hour's attempts that succeeded, as bars; a flat mark for a quiet hour. */
function SuccessBars({ layout, hours }: { layout: Layout; hours: HourStats[] }) {
  const barWidth = slotWidth(layout) * 0.7
  const fullHeight = plotHeight(layout)
  return (
    <>
      <GridLines layout={layout} label={(share) => `${share * 100} %`} />
      {hours.map((hour, index) => {
        const x = slotX(layout, index) + (slotWidth(layout) - barWidth) / 2
        if (hour.attempts === 0) {
          return (
            <rect
              key={hour.start}
              x={x}
              y={yFor(layout, 0) - 2}
              width={barWidth}
              height={2}
              fill={colours.empty}
            >
              <title>{`${formatHour(hour.start)}: no attempts`}</title>
            </rect>
          )
        }
        const succeededShare = hour.succeeded / hour.attempts
        return (
          <g key={hour.start}>
            <title>
              {`${formatHour(hour.start)}: ${hour.succeeded} of ${hour.attempts} succeeded`}
            </title>
            <rect
              x={x}
              y={yFor(layout, 1)}
              width={barWidth}
              height={fullHeight * (1 - succeededShare)}
              fill={colours.failed}
            />
            <rect
              x={x}
              y={yFor(layout, succeededShare)}
              width={barWidth}
              height={fullHeight * succeededShare}
              fill={colours.succeeded}
            />
          </g>
        )
      })}
      <HourAxis layout={layout} hours={hours} />
    </>
  )
}

/** The horizontal lines at 0, half and the top of a chart, each labelled on the left. */
function GridLines({ layout, label }: { layout: Layout; label: (share: number) => string }) {
  return (
    <>
      {[0, 0.5, 1].map((share) => (
        <g key={share}>
          <line
            x1={layout.margin.left}
            x2={layout.width - layout.margin.right}
            y1={yFor(layout, share)}
            y2={yFor(layout, share)}
            stroke={colours.grid}
            strokeWidth={1}
          />
          <text
            x={layout.margin.left - 8}
            y={yFor(layout, share) + layout.fontSize / 3}
            textAnchor="end"
            fontSize={layout.fontSize}
            fill={colours.text}
          >
            {label(share)}
          </text>
        </g>
      ))}
    </>
  )
}

function HourAxis({ layout, hours }: { layout: Layout; hours: HourStats[] }) {
  return (
    <g>
      {hours.map((hour, index) =>
        index % layout.labelEvery === 0 ? (
          <text
            key={hour.start}
            x={slotX(layout, index) + slotWidth(layout) / 2}
            y={layout.height - 8}
            textAnchor="middle"
            fontSize={layout.fontSize}
            fill={colours.text}
          >
            {formatHourShort(hour.start)}
          </text>
        ) : null,
      )}
    </g>
  )
}

/** One latency series: lines between consecutive hours that have a value, and a mark on each. */
function LatencyLine({
  layout,
  hours,
  pick,
  max,
  colour,
  isDashed = false,
}: {
  layout: Layout
  hours: HourStats[]
  pick: (hour: HourStats) => number | null
  max: number
  colour: string
  isDashed?: boolean
}) {
  const points = hours.map((hour, index) => {
    const value = pick(hour)
    return value === null
      ? null
      : {
          x: slotX(layout, index) + slotWidth(layout) / 2,
          y: yFor(layout, Math.min(1, value / max)),
          value,
          hour,
        }
  })
  const segments: { x: number; y: number }[][] = []
  let current: { x: number; y: number }[] = []
  for (const point of points) {
    if (point) current.push(point)
    else if (current.length) {
      segments.push(current)
      current = []
    }
  }
  if (current.length) segments.push(current)
  return (
    <g>
      {segments.map((segment, index) =>
        segment.length > 1 ? (
          <polyline
            key={index}
            points={segment.map((point) => `${point.x},${point.y}`).join(' ')}
            fill="none"
            stroke={colour}
            strokeWidth={2}
            strokeDasharray={isDashed ? '6 4' : undefined}
          />
        ) : null,
      )}
      {points.map((point) =>
        point === null ? null : isDashed ? (
          <rect
            key={point.hour.start}
            x={point.x - 3.5}
            y={point.y - 3.5}
            width={7}
            height={7}
            fill={colour}
          >
            <title>{`${formatHour(point.hour.start)}: p95 ${formatMs(point.value)}`}</title>
          </rect>
        ) : (
          <circle key={point.hour.start} cx={point.x} cy={point.y} r={3.5} fill={colour}>
            <title>{`${formatHour(point.hour.start)}: p50 ${formatMs(point.value)}`}</title>
          </circle>
        ),
      )}
    </g>
  )
}
