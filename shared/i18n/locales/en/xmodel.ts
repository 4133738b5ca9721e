// Namespace `xmodel`: the Extend tab of the site, catalog and content editors (extension model fields).
export default {
  title: 'Extend',
  none: 'No extension model is bound here. Add one under "Ext Model" and choose what it extends.',
  loading: 'Loading the extension fields…',
  loadFailed: 'The extension fields could not be loaded: {{message}}',
  save: 'Save extension',
  saved: 'Extension fields saved',
  invalid: '{{count}} extension field(s) need changes',
  choose: 'Choose',
  yes: 'Yes',
  no: 'No',
  datePlaceholder: 'yyyy-MM-dd',
  pathPlaceholder: 'A path of the resource library or an http(s) address',
  search: { label: 'Search extension fields', placeholder: 'Search in: {{fields}}', submit: 'Search extension fields', separator: ', ' },
  /** the content list's export (its extension fields as columns) */
  exportList: 'Export',
};
