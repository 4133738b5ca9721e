import type { Liquid } from 'liquidjs';
import { ArticleTag } from './article.ts';
import { IncludeTag } from './include.ts';
import { albumTag, CatalogTag, ChapterTag, ContentClosestTag, ContentRelaTag, ContentTag, SitePropertyTag, SiteTag } from './lists.ts';
import { PageBarTag } from './page-bar.ts';
import { LinkGroupTag, LinkTag } from './link.ts';
import { CustomFormTag, XModelDataTag, XModelFieldTag } from './xmodel.ts';
import { SearchContentTag, SearchWordTag } from './search.ts';
import { AdvertisementTag, PageWidgetDataTag, PageWidgetTag } from './page-widget.ts';
import { VoteTag } from './vote.ts';

/** The CMS tag library (its attributes and docs are in src/lib/cms/template-registry.ts). */
export const CMS_TAGS = {
  cms_site: SiteTag,
  cms_catalog: CatalogTag,
  cms_content: ContentTag,
  cms_content_closest: ContentClosestTag,
  cms_content_rela: ContentRelaTag,
  cms_article: ArticleTag,
  cms_image: albumTag('image'),
  cms_audio: albumTag('audio'),
  cms_video: albumTag('video'),
  cms_chapter: ChapterTag,
  cms_include: IncludeTag,
  cms_site_property: SitePropertyTag,
  cms_link_group: LinkGroupTag,
  cms_link: LinkTag,
  cms_xmodel_field: XModelFieldTag,
  cms_xmodel_data: XModelDataTag,
  cms_custom_form: CustomFormTag,
  cms_vote: VoteTag,
  cms_pagewidget: PageWidgetTag,
  cms_pagewidget_data: PageWidgetDataTag,
  cms_advertisement: AdvertisementTag,
  cms_search_content: SearchContentTag,
  cms_search_word: SearchWordTag,
  page_bar: PageBarTag,
} as const;

export function registerCmsTags(liquid: Liquid) {
  for (const [name, tag] of Object.entries(CMS_TAGS)) liquid.registerTag(name, tag);
}
