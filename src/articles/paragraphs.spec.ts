import { describe, expect, it } from 'vitest'

import { paragraphs } from './paragraphs'

type Node = { type: string; text?: string; format?: unknown; children?: Node[] }

/** The state's top-level blocks, each as its type and the text of its text nodes. */
const blocks = (state: Record<string, unknown>) =>
  ((state.root as Node).children ?? []).map((block) => ({
    type: block.type,
    texts: (block.children ?? []).map((child) => ({ type: child.type, text: child.text })),
  }))

describe('paragraphs', () => {
  it('makes one paragraph per text, in order, each holding that text as one text node', () => {
    const state = paragraphs(['First paragraph.', 'Second one.'])
    expect((state.root as Node).type).toBe('root')
    expect(blocks(state)).toEqual([
      { type: 'paragraph', texts: [{ type: 'text', text: 'First paragraph.' }] },
      { type: 'paragraph', texts: [{ type: 'text', text: 'Second one.' }] },
    ])
  })

  it('keeps the text verbatim and unformatted: no markup is interpreted or escaped', () => {
    const texts = ['<b>not bold</b> & **not bold**', '  spaced  ', 'Ünïcödé — «ok»', '']
    const state = paragraphs(texts)
    expect(blocks(state).map((block) => block.texts[0]!.text)).toEqual(texts)
    for (const block of (state.root as Node).children!) {
      expect(block.children![0]!.format).toBe(0)
    }
  })

  it('makes an empty document of no texts', () => {
    expect(blocks(paragraphs([]))).toEqual([])
  })
})
