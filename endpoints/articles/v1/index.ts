import { createArticle } from './createArticle'
import { deleteArticle } from './deleteArticle'
import { listArticles } from './listArticles'
import { listComments } from './listComments'
import { readArticle } from './readArticle'
import { replaceArticle } from './replaceArticle'
import { updateArticle } from './updateArticle'

/** The v1 article API; each version keeps its own handlers over the shared operations. */
export const articlesV1 = [
  listArticles,
  createArticle,
  readArticle,
  replaceArticle,
  updateArticle,
  deleteArticle,
  listComments,
]
