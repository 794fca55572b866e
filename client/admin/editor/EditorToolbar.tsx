import type { Editor } from '@tiptap/react';
import type { ShopKey } from '../../../shared/shops.js';
import { EditorImageControls } from './EditorImageControls.js';
import { TextStyleSelects } from './TextStyleSelects.js';
import { ToolbarButton } from './ToolbarButton.js';
import { useToolbarState } from './useToolbarState.js';
import styles from './DescriptionEditor.module.css';

interface EditorToolbarProps {
  editor: Editor;
  shop: ShopKey;
  productId: string | null;
}

/** The description editor toolbar of docs/product.md §2. */
export function EditorToolbar({ editor, shop, productId }: EditorToolbarProps) {
  const state = useToolbarState(editor);
  const run = () => editor.chain().focus();

  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Description formatting">
      <div className={styles.group}>
        <ToolbarButton label="Bold" active={state.marks.bold} onClick={() => run().toggleBold().run()}>
          <strong>B</strong>
        </ToolbarButton>
        <ToolbarButton label="Italic" active={state.marks.italic} onClick={() => run().toggleItalic().run()}>
          <em>I</em>
        </ToolbarButton>
        <ToolbarButton
          label="Underline"
          active={state.marks.underline}
          onClick={() => run().toggleUnderline().run()}
        >
          <span className={styles.underline}>U</span>
        </ToolbarButton>
        <ToolbarButton label="Strike" active={state.marks.strike} onClick={() => run().toggleStrike().run()}>
          <span className={styles.strike}>S</span>
        </ToolbarButton>
      </div>
      <div className={styles.group}>
        <TextStyleSelects editor={editor} fontSize={state.fontSize} fontFamily={state.fontFamily} />
      </div>
      <div className={styles.group}>
        {([1, 2, 3] as const).map((level) => (
          <ToolbarButton
            key={level}
            label={`Heading ${level}`}
            active={state.blocks[`h${level}`]}
            text={`H${level}`}
            onClick={() => run().toggleHeading({ level }).run()}
          />
        ))}
        <ToolbarButton
          label="Bullet list"
          active={state.blocks.bulletList}
          text="• List"
          onClick={() => run().toggleBulletList().run()}
        />
        <ToolbarButton
          label="Ordered list"
          active={state.blocks.orderedList}
          text="1. List"
          onClick={() => run().toggleOrderedList().run()}
        />
        <ToolbarButton
          label="Code block"
          active={state.blocks.codeBlock}
          onClick={() => run().toggleCodeBlock().run()}
        >
          {'</>'}
        </ToolbarButton>
      </div>
      <div className={styles.group}>
        <ToolbarButton label="Undo" disabled={!state.canUndo} onClick={() => run().undo().run()}>
          ↶
        </ToolbarButton>
        <ToolbarButton label="Redo" disabled={!state.canRedo} onClick={() => run().redo().run()}>
          ↷
        </ToolbarButton>
      </div>
      <div className={styles.group}>
        <EditorImageControls
          editor={editor}
          shop={shop}
          productId={productId}
          selectedImageSrc={state.selectedImageSrc}
          isEmpty={state.isEmpty}
        />
      </div>
    </div>
  );
}
