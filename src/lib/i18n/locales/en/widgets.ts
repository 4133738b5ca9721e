// Namespace `widgets`: the shared widgets (pager, toolbar, uploads, editor, downloads).
export default {
  pagination: {
    total: '{{total}} in total',
    pageSize: '{{size}} / page',
  },
  toolbar: {
    showSearch: 'Show search',
    hideSearch: 'Hide search',
    refresh: 'Refresh',
    columns: 'Columns',
  },
  upload: {
    selectFile: 'Choose file',
    selectImage: 'Choose image',
    tip: 'Upload {{types}} files of at most {{size}} MB',
    badType: 'File format incorrect, please upload {{types}}',
    tooLarge: 'Size cannot exceed {{size}} MB',
    tooMany: 'Count cannot exceed {{max}}',
    loading: 'Uploading, please wait…',
    failed: 'Upload file failed, retry',
    imageFailed: 'Upload image failed, retry',
    remove: 'Remove',
    preview: 'Preview',
  },
  editor: {
    placeholder: 'Please enter content',
    insertFailed: 'Inserting the image failed',
    loading: 'Loading the editor…',
  },
  image: {
    empty: 'No image',
  },
  download: {
    loading: 'Downloading, please wait',
  },
};
