import { RichEditor } from '../../../components/widgets/RichEditor.tsx';
import type { ResourceExtensions } from '../types.ts';

/**
 * Notices: the content is rich text. RichEditor is a lazy boundary, so Quill and PrimeReact's
 * Editor download only when this screen's dialog opens, never with any other page.
 */
export const noticeExtensions: ResourceExtensions = {
  fields: {
    noticeContent: ({ value, onChange }) => <RichEditor value={String(value ?? '')} onChange={onChange} minHeight={240} />,
  },
};
