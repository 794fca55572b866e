/** The Tiptap 3 extensions of the description editor (docs/architecture.md §2, docs/product.md §2 toolbar and §9 undo limits). */
import { Extension, type AnyExtension } from '@tiptap/core';
import { Image } from '@tiptap/extension-image';
import { FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { StarterKit } from '@tiptap/starter-kit';
import { UNDO_DEPTH, UNDO_GROUP_DELAY_MS } from './editorOptions.js';
import { imageBesideCursor } from './imageBesideCursor.js';

/** Backspace or Delete next to an image does nothing: returning true stops the key before other keymaps. */
const ProtectImages = Extension.create({
  name: 'protectImages',
  priority: 1000,
  addKeyboardShortcuts() {
    return {
      Backspace: ({ editor }) => imageBesideCursor(editor.state, 'backward'),
      Delete: ({ editor }) => imageBesideCursor(editor.state, 'forward'),
    };
  },
});

export const editorExtensions: AnyExtension[] = [
  StarterKit.configure({
    undoRedo: { depth: UNDO_DEPTH, newGroupDelay: UNDO_GROUP_DELAY_MS },
    link: { openOnClick: false },
  }),
  TextStyle,
  FontFamily,
  FontSize,
  Image,
  ProtectImages,
];
