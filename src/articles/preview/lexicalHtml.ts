/**
 * A Lexical document (as the admin panel's editor holds it) as HTML, for the live preview page:
 * paragraphs, headings, quotes, lists, links, line breaks, text formats and images. Every text
 * and attribute is escaped; a link keeps only an http(s), mailto or same-site address. Written
 * self-contained (no import, no outer name) because the preview page's script is this very
 * function's source (`livePreviewScript`): the page renders the draft on the server and again
 * in the browser as the editor types, with one definition.
 */
export function lexicalHtml(state: unknown): string {
  const escape = (text: unknown) =>
    String(text ?? '').replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
    )
  const safeHref = (href: unknown) =>
    typeof href === 'string' && /^(https?:|mailto:|\/(?!\/)|#)/i.test(href) ? href : '#'
  type Node = { type?: string; children?: Node[]; [key: string]: unknown }
  const render = (node: Node): string => {
    const inner = () => (Array.isArray(node.children) ? node.children.map(render).join('') : '')
    switch (node.type) {
      case 'root':
        return inner()
      case 'paragraph':
        return `<p>${inner()}</p>`
      case 'heading': {
        const tag = /^h[1-6]$/.test(String(node.tag)) ? String(node.tag) : 'h2'
        return `<${tag}>${inner()}</${tag}>`
      }
      case 'quote':
        return `<blockquote>${inner()}</blockquote>`
      case 'list': {
        const tag = node.listType === 'number' ? 'ol' : 'ul'
        return `<${tag}>${inner()}</${tag}>`
      }
      case 'listitem':
        return `<li>${inner()}</li>`
      case 'link':
      case 'autolink': {
        const fields = (node.fields ?? {}) as { url?: unknown }
        return `<a href="${escape(safeHref(fields.url ?? node.url))}">${inner()}</a>`
      }
      case 'linebreak':
        return '<br>'
      case 'text': {
        const format = Number(node.format) || 0
        let html = escape(node.text)
        if (format & 16) html = `<code>${html}</code>`
        if (format & 1) html = `<strong>${html}</strong>`
        if (format & 2) html = `<em>${html}</em>`
        if (format & 4) html = `<s>${html}</s>`
        if (format & 8) html = `<u>${html}</u>`
        return html
      }
      case 'upload': {
        const value = node.value as { url?: unknown; alt?: unknown } | number | null
        if (value && typeof value === 'object' && typeof value.url === 'string') {
          return `<figure><img src="${escape(safeHref(value.url))}" alt="${escape(value.alt)}"></figure>`
        }
        return ''
      }
      default:
        return inner()
    }
  }
  if (!state || typeof state !== 'object') return ''
  const root = (state as { root?: Node }).root
  return root ? render(root) : ''
}
