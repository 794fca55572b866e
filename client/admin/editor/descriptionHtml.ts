/** What the editor's document means as a product description: '' when it holds one empty text block. */
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

export function isDescriptionEmpty(doc: ProseMirrorNode): boolean {
  const only = doc.firstChild;
  return doc.childCount === 1 && only !== null && only.isTextblock && only.content.size === 0;
}
