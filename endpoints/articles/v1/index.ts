import { createArticleEndpoint } from './createArticle'
import { deleteArticleEndpoint } from './deleteArticle'
import { listArticlesEndpoint } from './listArticles'
import { listCommentsEndpoint } from './listComments'
import { readArticleEndpoint } from './readArticle'
import { replaceArticleEndpoint } from './replaceArticle'
import { updateArticleEndpoint } from './updateArticle'

/** The v1 article API; each version keeps its own handlers over the shared operations. */
export const articlesV1 = [
  listArticlesEndpoint,
  createArticleEndpoint,
  readArticleEndpoint,
  replaceArticleEndpoint,
  updateArticleEndpoint,
  deleteArticleEndpoint,
  listCommentsEndpoint,
]
