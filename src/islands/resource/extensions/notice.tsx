import { RichEditor } from '../../../components/widgets/RichEditor.tsx';
import type { ResourceExtensions } from '../types.ts';

/**
 * Notices: the content is rich text. RichEditor is a lazy boundary, so Quill and PrimeReact's
 * Editor download only when this screen's dialog opens, never with any other page.
 */
export const noticeExtensions: ResourceExtensions = {
  fields: {
    // Named by its row's label (`<label for={id}>`), which a label alone cannot do for a rich-text area.
    noticeContent: ({ value, onChange, id, invalid, required }) => <RichEditor id={id} invalid={invalid} required={required} value={String(value ?? '')} onChange={onChange} minHeight={240} />,
  },
};
