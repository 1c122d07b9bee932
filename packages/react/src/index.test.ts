import * as core from '@ctxkit/core';
import { describe, expect, test } from 'vitest';
import * as kit from './index.js';

describe('the public API', () => {
  test('re-exports nothing of the core: hosts import its types and functions from @ctxkit/core', () => {
    const shared = Object.keys(kit).filter((name) => name in core);
    expect(shared).toEqual([]);
  });

  test('every component has its styled default and its headless Root', () => {
    for (const component of [kit.ContextDetails, kit.BudgetMeter, kit.PinManager, kit.ContextPicker]) {
      expect(typeof component).toBe('function');
      expect(typeof component.Root).toBe('function');
      expect(typeof component.Loading).toBe('function');
      expect(typeof component.Error).toBe('function');
    }
  });
});
