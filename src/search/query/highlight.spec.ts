import { describe, expect, it } from 'vitest'

import {
  highlightStart as start,
  highlightStop as stop,
  markedHtml,
  markedOccurrences,
  snippetAround,
} from './highlight'

describe('markedHtml', () => {
  it('escapes the text and turns the marks into <mark>', () => {
    expect(markedHtml(`A ${start}mug${stop} & <b>"rim"</b>`)).toBe(
      'A <mark>mug</mark> &amp; &lt;b&gt;&quot;rim&quot;&lt;/b&gt;',
    )
  })

  it('closes a mark left open and ignores a stray end', () => {
    expect(markedHtml(`${stop}a ${start}b`)).toBe('a <mark>b</mark>')
  })
})

describe('markedOccurrences', () => {
  it('marks every occurrence whatever its case, escaping the rest', () => {
    expect(markedOccurrences('Name <in> enamel', 'NAME')).toBe(
      '<mark>Name</mark> &lt;in&gt; e<mark>name</mark>l',
    )
    expect(markedOccurrences('Calm seas', 'zz')).toBeNull()
  })
})

describe('snippetAround', () => {
  it('cuts a long text around the match, saying where it cut', () => {
    const text = `${'x'.repeat(100)} needle ${'y'.repeat(100)}`
    const snippet = snippetAround(text, 'needle')!
    expect(snippet.startsWith('…')).toBe(true)
    expect(snippet.endsWith('…')).toBe(true)
    expect(snippet).toContain('<mark>needle</mark>')
    expect(snippetAround('short needle', 'needle')).toBe('short <mark>needle</mark>')
  })
})
