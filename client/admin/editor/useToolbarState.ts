/** The toolbar's view of the editor, recomputed on each transaction through Tiptap's useEditorState. */
import { NodeSelection } from '@tiptap/pm/state';
import { useEditorState, type Editor } from '@tiptap/react';
import { isDescriptionEmpty } from './descriptionHtml.js';
import { fontFamilyName, fontSizeValue } from './editorOptions.js';
import { IMAGE_NODE } from './imageBesideCursor.js';

export interface ToolbarState {
  marks: { bold: boolean; italic: boolean; underline: boolean; strike: boolean };
  blocks: {
    h1: boolean;
    h2: boolean;
    h3: boolean;
    bulletList: boolean;
    orderedList: boolean;
    codeBlock: boolean;
  };
  fontSize: string;
  fontFamily: string;
  /** src of the image the admin clicked, or null. */
  selectedImageSrc: string | null;
  isEmpty: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

function selectedImage(editor: Editor): string | null {
  const { selection } = editor.state;
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== IMAGE_NODE) return null;
  return String(selection.node.attrs.src ?? '');
}

export function useToolbarState(editor: Editor): ToolbarState {
  return useEditorState({
    editor,
    selector: ({ editor: current }): ToolbarState => {
      const textStyle = current.getAttributes('textStyle');
      return {
        marks: {
          bold: current.isActive('bold'),
          italic: current.isActive('italic'),
          underline: current.isActive('underline'),
          strike: current.isActive('strike'),
        },
        blocks: {
          h1: current.isActive('heading', { level: 1 }),
          h2: current.isActive('heading', { level: 2 }),
          h3: current.isActive('heading', { level: 3 }),
          bulletList: current.isActive('bulletList'),
          orderedList: current.isActive('orderedList'),
          codeBlock: current.isActive('codeBlock'),
        },
        fontSize: fontSizeValue(textStyle.fontSize),
        fontFamily: fontFamilyName(textStyle.fontFamily),
        selectedImageSrc: selectedImage(current),
        isEmpty: isDescriptionEmpty(current.state.doc),
        canUndo: current.can().undo(),
        canRedo: current.can().redo(),
      };
    },
    equalityFn: (previous, next) => JSON.stringify(previous) === JSON.stringify(next ?? null),
  });
}
