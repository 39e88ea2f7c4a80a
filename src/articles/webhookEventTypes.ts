import { contentGrant, type DomainEvents } from '@/webhooks/eventCatalogue'
import {
  articleEventData,
  articleRemovedEventData,
  exampleArticleEventData,
  exampleArticleRemovedEventData,
} from './articleEvents'
import { commentEventData, exampleCommentEventData } from './commentEvents'

/** The articles domain's event type names: code names its events by these. */
export const ArticleEvents = {
  ArticleCreated: 'article.created',
  ArticleUpdated: 'article.updated',
  ArticleDeleted: 'article.deleted',
  ArticlePublished: 'article.published',
  ArticleUnpublished: 'article.unpublished',
  CommentCreated: 'comment.created',
} as const

/**
 * The articles domain's event types, registered with the webhook catalogue by the composition
 * root: each carries what anyone reads through the API, so each needs `content`.
 */
export const articleEventTypes: DomainEvents = {
  events: [
    {
      name: ArticleEvents.ArticleCreated,
      orderingKey: 'article:{id}',
      grant: contentGrant.name,
      payload: articleEventData,
      description:
        'An article became readable through the API: it was published for the first time (or created published), or published again after `article.unpublished`. Followed by `article.published`. An article created or saved as a draft emits nothing.',
      examplePayload: exampleArticleEventData,
    },
    {
      name: ArticleEvents.ArticleUpdated,
      orderingKey: 'article:{id}',
      grant: contentGrant.name,
      payload: articleEventData,
      description:
        'A published article was saved with changes, which are published: the payload is the article as consumers now read it. Followed by `article.published`. Saving a draft beside it (autosave, "Save draft") or saving an unpublished article emits nothing.',
      examplePayload: exampleArticleEventData,
    },
    {
      name: ArticleEvents.ArticlePublished,
      orderingKey: 'article:{id}',
      grant: contentGrant.name,
      payload: articleEventData,
      description:
        'A version of an article became the one consumers read: by hand, through the API or on schedule. Sent after `article.created` (the article appears) or `article.updated` (it changed), with the same payload.',
      examplePayload: exampleArticleEventData,
    },
    {
      name: ArticleEvents.ArticleUnpublished,
      orderingKey: 'article:{id}',
      grant: contentGrant.name,
      payload: articleRemovedEventData,
      description:
        'A published article was unpublished (by hand, through the API or on schedule): consumers no longer read it. The payload only names it: its id, the slug it was published under and when.',
      examplePayload: exampleArticleRemovedEventData,
    },
    {
      name: ArticleEvents.ArticleDeleted,
      orderingKey: 'article:{id}',
      grant: contentGrant.name,
      payload: articleRemovedEventData,
      description:
        'A published article was deleted. The payload only names it, as for `article.unpublished`. Deleting an article that is not published emits nothing.',
      examplePayload: exampleArticleRemovedEventData,
    },
    {
      name: ArticleEvents.CommentCreated,
      orderingKey: 'comment:{id}',
      grant: contentGrant.name,
      payload: commentEventData,
      description:
        'A comment became readable through the API: posted approved on a published article, or approved later. A pending comment, or one on an article that is not published, emits nothing.',
      examplePayload: exampleCommentEventData,
    },
  ],
}
