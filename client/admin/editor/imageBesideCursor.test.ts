import { describe, expect, it } from 'vitest';
import { Schema } from '@tiptap/pm/model';
import { EditorState, NodeSelection, TextSelection } from '@tiptap/pm/state';
import { imageBesideCursor } from './imageBesideCursor.js';

const schema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: { group: 'block', content: 'inline*' },
    image: { group: 'block', atom: true, attrs: { src: { default: '' } } },
    text: { group: 'inline' },
  },
});

const { paragraph, image } = schema.nodes;

// doc: <p>ab</p><img><p>cd</p>  positions: p(0) a(1) b(2) /p(3) img(4) p(5) c(6) d(7)
const doc = schema.node('doc', null, [
  paragraph.create(null, schema.text('ab')),
  image.create({ src: '/x.webp' }),
  paragraph.create(null, schema.text('cd')),
]);

const atCursor = (pos: number) => EditorState.create({ doc, selection: TextSelection.create(doc, pos) });

describe('imageBesideCursor', () => {
  it('blocks Backspace at the start of the paragraph after an image', () => {
    expect(imageBesideCursor(atCursor(6), 'backward')).toBe(true);
  });

  it('blocks Delete at the end of the paragraph before an image', () => {
    expect(imageBesideCursor(atCursor(3), 'forward')).toBe(true);
  });

  it('lets ordinary text editing through', () => {
    expect(imageBesideCursor(atCursor(2), 'backward')).toBe(false);
    expect(imageBesideCursor(atCursor(7), 'backward')).toBe(false);
    expect(imageBesideCursor(atCursor(6), 'forward')).toBe(false);
    expect(imageBesideCursor(atCursor(1), 'backward')).toBe(false);
  });

  it('blocks both keys while an image is selected', () => {
    const state = EditorState.create({ doc, selection: NodeSelection.create(doc, 4) });
    expect(imageBesideCursor(state, 'backward')).toBe(true);
    expect(imageBesideCursor(state, 'forward')).toBe(true);
  });

  it('lets a text range be deleted', () => {
    const state = EditorState.create({ doc, selection: TextSelection.create(doc, 1, 3) });
    expect(imageBesideCursor(state, 'backward')).toBe(false);
  });
});
