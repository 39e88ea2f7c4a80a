import { listArticlesV2Endpoint } from './listArticles'
import { readArticleV2Endpoint } from './readArticle'
import { v2WritesRefused } from './v2WritesRefused'

/** The v2 article API, served beside v1 over the same operations. */
export const articlesV2 = [listArticlesV2Endpoint, readArticleV2Endpoint, ...v2WritesRefused]
