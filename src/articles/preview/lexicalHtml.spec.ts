import { describe, expect, it } from 'vitest'

import { paragraphs } from '../paragraphs'
import { lexicalHtml } from './lexicalHtml'

const root = (...children: unknown[]) => ({ root: { type: 'root', children } })
const text = (value: string, format = 0) => ({ type: 'text', text: value, format })

describe('lexicalHtml', () => {
  it('renders paragraphs, headings, quotes, lists and formats', () => {
    expect(lexicalHtml(paragraphs(['One', 'Two']))).toBe('<p>One</p><p>Two</p>')
    expect(
      lexicalHtml(
        root(
          { type: 'heading', tag: 'h3', children: [text('Title')] },
          { type: 'quote', children: [text('bold', 1), text(' and '), text('italic', 2)] },
          {
            type: 'list',
            listType: 'number',
            children: [{ type: 'listitem', children: [text('first')] }],
          },
        ),
      ),
    ).toBe(
      '<h3>Title</h3><blockquote><strong>bold</strong> and <em>italic</em></blockquote><ol><li>first</li></ol>',
    )
  })

  it('escapes text and attributes, and keeps only safe link addresses', () => {
    expect(lexicalHtml(paragraphs(['<script>alert("x")</script>']))).toBe(
      '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>',
    )
    const link = (url: string) =>
      lexicalHtml(
        root({
          type: 'paragraph',
          children: [{ type: 'link', fields: { url }, children: [text('go')] }],
        }),
      )
    expect(link('https://shop.example/a?b=1&c=2')).toBe(
      '<p><a href="https://shop.example/a?b=1&amp;c=2">go</a></p>',
    )
    expect(link('javascript:alert(1)')).toBe('<p><a href="#">go</a></p>')
    expect(link('//evil.example')).toBe('<p><a href="#">go</a></p>')
  })

  it('shows an image that carries its address, and nothing for a bare id or a bad state', () => {
    expect(
      lexicalHtml(root({ type: 'upload', value: { url: '/api/media/file/a.jpg', alt: 'A "b"' } })),
    ).toBe('<figure><img src="/api/media/file/a.jpg" alt="A &quot;b&quot;"></figure>')
    expect(lexicalHtml(root({ type: 'upload', value: 3 }))).toBe('')
    expect(lexicalHtml(null)).toBe('')
    expect(lexicalHtml('text')).toBe('')
  })

  it('is self-contained, so that the page can run its source', () => {
    const rebuilt = new Function(`return (${lexicalHtml.toString()})`)() as typeof lexicalHtml
    expect(rebuilt(paragraphs(['Same <b>']))).toBe(lexicalHtml(paragraphs(['Same <b>'])))
  })
})
