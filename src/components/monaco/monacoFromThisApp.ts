import type { Block, Field, Plugin } from 'payload'

import { monacoVsUrl } from './monacoFiles'

const wrappers = {
  json: '/components/monaco/MonacoFields#JsonField',
  code: '/components/monaco/MonacoFields#CodeField',
} as const

/**
 * Every `json` and `code` field of the admin panel edits with Monaco loaded from this app
 * (`/monaco-editor/<version>/vs`), never from a CDN: each one without a component of its own gets
 * Payload's field wrapped by `MonacoFields`, which loads Monaco first.
 */
export const monacoFromThisApp = (): Plugin => (config) => {
  const monacoVs = monacoVsUrl()

  const withLocalMonaco = (fields: Field[]): Field[] =>
    fields.map((field) => {
      if (field.type === 'json' && !field.admin?.components?.Field) {
        const Field = { path: wrappers.json, clientProps: { monacoVs } }
        return {
          ...field,
          admin: { ...field.admin, components: { ...field.admin?.components, Field } },
        }
      }
      if (field.type === 'code' && !field.admin?.components?.Field) {
        const Field = { path: wrappers.code, clientProps: { monacoVs } }
        return {
          ...field,
          admin: { ...field.admin, components: { ...field.admin?.components, Field } },
        }
      }
      if (field.type === 'tabs') {
        return {
          ...field,
          tabs: field.tabs.map((tab) => ({ ...tab, fields: withLocalMonaco(tab.fields) })),
        }
      }
      if (field.type === 'blocks' && field.blocks) {
        return { ...field, blocks: field.blocks.map(inBlock) }
      }
      if ('fields' in field && Array.isArray(field.fields)) {
        return { ...field, fields: withLocalMonaco(field.fields) } as Field
      }
      return field
    })
  const inBlock = (block: Block): Block => ({ ...block, fields: withLocalMonaco(block.fields) })

  return {
    ...config,
    collections: config.collections?.map((collection) => ({
      ...collection,
      fields: withLocalMonaco(collection.fields),
    })),
    globals: config.globals?.map((global) => ({
      ...global,
      fields: withLocalMonaco(global.fields),
    })),
  }
}
