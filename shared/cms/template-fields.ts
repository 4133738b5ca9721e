/** Fields of the objects templates see, for completion. */
export const FIELD_SETS = {
  site: ['siteId', 'parentId', 'name', 'description', 'path', 'link', 'logo', 'logoSrc', 'resourceUrl', 'seoTitle', 'seoKeywords', 'seoDescription', 'sortFlag', 'extend_CatalogPageSize', 'extend_ShortTitleLabel', 'extend_SubTitleLabel', 'extend', 'extendFields'],
  catalog: ['catalogId', 'siteId', 'parentId', 'ancestors', 'name', 'alias', 'path', 'catalogType', 'redirectUrl', 'description', 'logo', 'logoSrc', 'sortFlag', 'treeLevel', 'childCount', 'contentCount', 'pageSize', 'seoTitle', 'seoKeywords', 'seoDescription', 'link', 'listLink', 'current', 'extend', 'extendFields'],
  content: ['contentId', 'siteId', 'catalogId', 'catalogName', 'catalogLink', 'contentType', 'title', 'subTitle', 'shortTitle', 'titleStyle', 'logo', 'logoSrc', 'author', 'editor', 'original', 'summary', 'tags', 'keywords', 'source', 'sourceUrl', 'attributes', 'linkFlag', 'redirectUrl', 'topFlag', 'publishDate', 'createTime', 'updateTime', 'viewCount', 'likeCount', 'commentCount', 'favoriteCount', 'seoTitle', 'seoKeywords', 'seoDescription', 'link', 'book', 'extend', 'extendFields'],
  image: ['imageId', 'title', 'description', 'path', 'src', 'fileSize', 'width', 'height', 'redirectUrl'],
  audio: ['audioId', 'title', 'description', 'author', 'path', 'src', 'fileSize', 'format', 'duration', 'bitRate', 'samplingRate', 'channels'],
  video: ['videoId', 'title', 'description', 'path', 'src', 'cover', 'coverSrc', 'fileSize', 'format', 'duration', 'resolution', 'frameRate', 'code'],
  chapter: ['chapterId', 'contentId', 'title', 'wordCount', 'publishDate', 'link', 'index', 'current'],
  siteProperty: ['propName', 'propCode', 'propValue'],
  linkGroup: ['linkGroupId', 'name', 'code', 'sortFlag'],
  link: ['linkId', 'groupId', 'name', 'url', 'logo', 'src', 'sortFlag', 'description'],
  xmodelField: ['code', 'label', 'fieldType', 'required', 'dictType', 'defaultValue'],
  pageWidget: ['pageWidgetId', 'siteId', 'catalogId', 'type', 'name', 'code', 'path', 'strategy', 'publishDate', 'contentObj', 'ads'],
  advertisement: ['advertisementId', 'adSpaceId', 'type', 'name', 'weight', 'keywords', 'onlineDate', 'offlineDate', 'redirectUrl', 'link', 'viewUrl', 'resourcePath', 'resourceSrc', 'src'],
  searchHit: ['contentId', 'title', 'titleHighlight', 'snippet', 'catalogId', 'catalogName', 'contentType', 'publishDate', 'link', 'logo', 'logoSrc', 'score'],
  searchWord: ['wordId', 'word', 'searchTotal', 'topFlag', 'link'],
  article: ['articleContent', 'pageNo', 'pageTotal', 'pageTitles'],
} as const;
export type FieldSetName = keyof typeof FIELD_SETS;
