// Namespace `widgets`: the shared widgets (pager, toolbar, uploads, editor, downloads).
export default {
  pagination: {
    total: '{{total}} in total',
    totalAtLeast: '{{total}}+ in total',
    totalAbout: 'About {{total}} in total',
    pageSize: '{{size}} / page',
    previous: 'Previous page',
    next: 'Next page',
    page: 'Page {{page}}',
    pages: 'Pages',
  },
  grid: {
    /** the checkbox column's header, read before each row's checkbox */
    selectColumn: 'Select',
    /** a row's checkbox, named after the row */
    selectNamed: 'Select {{name}}',
    selectPage: 'Select all rows on this page',
    selectRow: 'Select row',
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
    heading: { normal: 'Paragraph', h1: 'Heading 1', h2: 'Heading 2', h3: 'Heading 3', h4: 'Heading 4' },
    tools: {
      style: 'Paragraph style', bold: 'Bold', italic: 'Italic', underline: 'Underline', strike: 'Strikethrough', color: 'Text colour', background: 'Highlight',
      ordered: 'Numbered list', bullet: 'Bulleted list', outdent: 'Decrease indent', indent: 'Increase indent', align: 'Alignment',
      quote: 'Quote', link: 'Link', image: 'Image', clean: 'Clear formatting',
    },
    toolbar: 'Text formatting',
    current: '{{tool}}: {{value}}',
    align: { left: 'Align left', center: 'Centre', right: 'Align right', justify: 'Justify' },
    colors: {
      black: 'Black', white: 'White', lightGrey: 'Light grey', grey: 'Grey', darkGrey: 'Dark grey',
      red: 'Red', orange: 'Orange', yellow: 'Yellow', green: 'Green', blue: 'Blue', purple: 'Purple',
      palest: 'Very light {{color}}', light: 'Light {{color}}', dark: 'Dark {{color}}', darkest: 'Very dark {{color}}',
    },
    link: { enter: 'Enter link:', visit: 'Visit URL:', edit: 'Edit', remove: 'Remove', save: 'Save', address: 'Link address' },
    placeholder: 'Please enter content',
    insertFailed: 'Inserting the image failed',
    loading: 'Loading the editor…',
  },
  image: {
    empty: 'No image',
  },
  picker: {
    choose: 'Choose a date',
  },
  download: {
    loading: 'Downloading, please wait',
  },
};
