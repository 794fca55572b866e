import { describe, expect, it } from 'vitest';
import { ADMIN_TABS, tabAfterKey } from './adminTabs.js';

describe('ADMIN_TABS', () => {
  it('starts on Add and carries the spec labels', () => {
    expect(ADMIN_TABS.map((tab) => tab.label)).toEqual(['Add product', 'Delete product', 'Edit product']);
    expect(ADMIN_TABS[0].id).toBe('add');
  });
});

describe('tabAfterKey', () => {
  it('moves with the arrow keys and wraps around', () => {
    expect(tabAfterKey('add', 'ArrowRight')).toBe('delete');
    expect(tabAfterKey('edit', 'ArrowRight')).toBe('add');
    expect(tabAfterKey('add', 'ArrowLeft')).toBe('edit');
  });

  it('jumps to the ends with Home and End', () => {
    expect(tabAfterKey('delete', 'Home')).toBe('add');
    expect(tabAfterKey('add', 'End')).toBe('edit');
  });

  it('ignores other keys', () => {
    expect(tabAfterKey('add', 'Enter')).toBeNull();
  });
});
