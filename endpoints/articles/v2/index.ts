import { listArticlesV2 } from './listArticles'
import { readArticleV2 } from './readArticle'
import { v2WritesRefused } from './readOnly'

/** The v2 article API, served beside v1 over the same operations. */
export const articlesV2 = [listArticlesV2, readArticleV2, ...v2WritesRefused]
