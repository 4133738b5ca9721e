// Namespace `server`, the CMS's part: merged into the server's messages at start (ServerModule.messages).
// Keys are stable; texts are per language. Operation-log titles are under `oplog`.
export default {
  job: {
    task: {
      cmsPublishDue: 'CMS: publish contents whose publish date has come',
      cmsOfflineDue: 'CMS: take contents offline at their offline date',
      cmsTopExpired: 'CMS: end tops whose end time has passed',
      cmsChaptersDue: 'CMS: publish book chapters whose date has come',
      cmsPurgeRecycled: 'CMS: delete contents kept in the recycle bin longer than the site keeps them',
    },
  },
  oplog: {
    content: 'Contents',
    chapter: 'Book chapters',
    catalog: 'Catalogs',
    site: 'Sites',
    publishPipe: 'Publish pipes',
    siteProperty: 'Site properties',
      cmsGrant: 'CMS permissions',
    publishClear: 'Clear publish queue',
    resource: 'Resources',
      cmsSettings: 'CMS settings',
  },
  library: {
    type: { image: 'Image', audio: 'Audio', video: 'Video', file: 'File' },
    svg: 'SVG images are not accepted: they can carry scripts. Upload a PNG or WebP instead',
    unsupported: 'Files of type "{{ext}}" cannot be added to the resource library',
    wrongType: 'The file is {{actual}}, not {{expected}}',
    badImage: 'The image cannot be read; it may be damaged',
    tooManyPixels: 'The image is {{width}} × {{height}} pixels; at most {{limit}} pixels are accepted',
    storeFailed: 'The file could not be stored ({{storage}}): {{detail}}',
    notMedia: 'Only audio and video files have media details',
    noWatermark: 'The watermark image of the settings is no longer in the library; choose another in Settings → Watermark',
    isWatermark: 'This image is the site\'s watermark; choose another watermark before deleting it',
  },
  settings: {
    bucketUnreachable: 'The bucket "{{bucket}}" cannot be reached with these settings: {{detail}}',
  },
  cms: {
    site: {
      noPermission: 'No site permissions.',
      noPublish: 'You may not publish this site',
      noSite: 'There is no site yet; create one first',
      notFound: 'Site not found: {{siteId}}',
    },
    catalog: {
      notFound: 'The catalog does not exist or is out of your reach',
      denied: 'You may not do this in this catalog ({{perm}})',
      tooDeep: 'Catalogs can be nested at most {{max}} levels deep',
      moveIntoItself: 'A catalog cannot move under itself or one of its own sub-catalogs',
    },
    catalogType: { common: 'Common', link: 'Link' },
    contentType: { article: 'Article', image: 'Image album', audio: 'Audio', video: 'Video', book: 'Book' },
    content: {
      notFound: 'The content does not exist or is out of your reach',
      lockedBy: '"{{title}}" is locked by {{user}}; only they or an administrator can change it',
      titleTakenSite: 'A content titled "{{title}}" already exists on this site',
      titleTakenCatalog: 'A content titled "{{title}}" already exists in this catalog',
      linkCatalog: 'A link catalog holds no contents; choose a common catalog',
      typeMismatch: 'The content type does not match the stored content',
      changed: 'This content was saved by {{user}} at {{time}} after you opened it; reload it to see their changes, then save again',
      publishedReadOnly: 'Published contents cannot be edited on this site (site setting); take it offline first',
      topInPast: 'The end time of the top must be in the future',
      sortOtherCatalog: 'A content can only be placed before another of its own catalog',
      notBook: 'This content is not a book',
      chapterOrder: 'The order must list each of the book\'s chapters exactly once',
    },
    pipe: {
      unknown: 'The site has no publish pipe "{{code}}"',
    },
    perms: {
      adminHoldsAll: 'Administrators hold every right; there is nothing to grant',
    },
  },
};
