/**
 * docs/product.md §2: Backspace or Delete next to an image does nothing (images leave the description only through
 * the delete-image button, which also removes the file). True when the key would remove or swallow an image.
 */
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { NodeSelection, type EditorState } from '@tiptap/pm/state';

export const IMAGE_NODE = 'image';

const isImage = (node: ProseMirrorNode | null | undefined) => node?.type.name === IMAGE_NODE;

export function imageBesideCursor(state: EditorState, direction: 'backward' | 'forward'): boolean {
  const { selection } = state;
  if (selection instanceof NodeSelection) return isImage(selection.node);
  if (!selection.empty) return false;

  const $cursor = selection.$from;
  const inlineNeighbour = direction === 'backward' ? $cursor.nodeBefore : $cursor.nodeAfter;
  if (inlineNeighbour) return isImage(inlineNeighbour);
  if ($cursor.depth === 0) return false;

  // At the edge of a paragraph the key joins with (or selects) the neighbouring block.
  if (direction === 'backward') {
    return $cursor.parentOffset === 0 && isImage(state.doc.resolve($cursor.before()).nodeBefore);
  }
  return (
    $cursor.parentOffset === $cursor.parent.content.size &&
    isImage(state.doc.resolve($cursor.after()).nodeAfter)
  );
}
