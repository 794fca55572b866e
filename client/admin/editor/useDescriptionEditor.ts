/**
 * Creates the Tiptap editor and keeps it in step with the form: typing reports HTML through `onChange`,
 * and a new `value` from outside (a loaded product, a reset) replaces the content without an update echo.
 */
import { useEditor, type Editor } from '@tiptap/react';
import { useEffect, useRef } from 'react';
import { isDescriptionEmpty } from './descriptionHtml.js';
import { editorExtensions } from './editorExtensions.js';

function descriptionOf(editor: Editor): string {
  return isDescriptionEmpty(editor.state.doc) ? '' : editor.getHTML();
}

export function useDescriptionEditor(
  value: string,
  onChange: (html: string) => void,
  attributes: Record<string, string>,
): Editor {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const editor = useEditor({
    extensions: editorExtensions,
    content: value,
    editorProps: { attributes },
    onUpdate: ({ editor: updated }) => onChangeRef.current(descriptionOf(updated)),
  });

  useEffect(() => {
    if (value === descriptionOf(editor)) return;
    // A replaced description is a new starting point, not a step the admin can undo.
    editor.chain().setMeta('addToHistory', false).setContent(value, { emitUpdate: false }).run();
  }, [editor, value]);

  return editor;
}
