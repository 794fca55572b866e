import { describe, expect, it } from 'vitest';
import { DraftStore, EMPTY_DRAFT } from './drafts.js';

describe('DraftStore', () => {
  it('keeps a draft per chat and tells only that chat’s listeners', () => {
    const drafts = new DraftStore();
    const told: string[] = [];
    const stopOne = drafts.subscribe(1, () => told.push('one'));
    drafts.subscribe(2, () => told.push('two'));
    drafts.update(1, { text: 'Hi' });
    expect(drafts.get(1)).toEqual({ text: 'Hi', messageId: null, sending: false });
    expect(drafts.get(2)).toBe(EMPTY_DRAFT);
    expect(told).toEqual(['one']);
    stopOne();
    drafts.update(1, { text: 'Hi there' });
    expect(told).toEqual(['one']);
  });

  it('answers the same object until the draft changes (useSyncExternalStore compares by identity)', () => {
    const drafts = new DraftStore();
    drafts.update(3, { text: 'x', messageId: 'msg-0001-abcd', sending: true });
    const draft = drafts.get(3);
    expect(drafts.get(3)).toBe(draft);
    drafts.update(3, { text: '', messageId: null, sending: false });
    expect(drafts.get(3)).toBe(EMPTY_DRAFT);
  });
});
