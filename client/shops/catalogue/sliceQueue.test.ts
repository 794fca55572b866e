import { describe, expect, it } from 'vitest';
import { createSliceQueue } from './sliceQueue.js';

/** A turn the test hands out by hand: `next()` is one paint of the browser. */
function manualTurns() {
  const pending: (() => void)[] = [];
  return {
    turn: (run: () => void) => void pending.push(run),
    waiting: () => pending.length,
    next: () => pending.shift()?.(),
  };
}

describe('createSliceQueue', () => {
  it('runs one step per turn, in the order they were added, and asks for a turn only while steps wait', () => {
    const turns = manualTurns();
    const queue = createSliceQueue(turns.turn);
    const ran: string[] = [];
    queue.add(() => ran.push('top cards'));
    queue.add(() => ran.push('row 3'));
    queue.add(() => ran.push('row 1 cards'));
    // However many lists ask, the page waits for one turn at a time.
    expect(turns.waiting()).toBe(1);
    expect(ran).toEqual([]);

    turns.next();
    expect(ran).toEqual(['top cards']);
    turns.next();
    expect(ran).toEqual(['top cards', 'row 3']);
    turns.next();
    expect(ran).toEqual(['top cards', 'row 3', 'row 1 cards']);
    expect(turns.waiting()).toBe(0);
  });

  it('takes a step added by a running step at the end of the line', () => {
    const turns = manualTurns();
    const queue = createSliceQueue(turns.turn);
    const ran: string[] = [];
    queue.add(() => {
      ran.push('rows 1-2');
      queue.add(() => ran.push('row 3'));
    });
    queue.add(() => ran.push('cards'));
    turns.next();
    turns.next();
    turns.next();
    expect(ran).toEqual(['rows 1-2', 'cards', 'row 3']);
  });

  it('drops a step whose list has gone (unmounted) before its turn', () => {
    const turns = manualTurns();
    const queue = createSliceQueue(turns.turn);
    const ran: string[] = [];
    const drop = queue.add(() => ran.push('gone'));
    queue.add(() => ran.push('kept'));
    drop();
    turns.next();
    turns.next();
    expect(ran).toEqual(['kept']);
  });
});

describe('rows before cards', () => {
  it('runs every waiting row step before any card step, each line in its own order', () => {
    const turns = manualTurns();
    const queue = createSliceQueue(turns.turn);
    const ran: string[] = [];
    queue.add(() => ran.push('top cards'), 'cards');
    queue.add(() => ran.push('row 3'), 'rows');
    queue.add(() => ran.push('row 1 cards'));
    queue.add(() => ran.push('row 4'), 'rows');
    for (let turn = 0; turn < 4; turn += 1) turns.next();
    expect(ran).toEqual(['row 3', 'row 4', 'top cards', 'row 1 cards']);
  });
});
