/**
 * Vitest setup (vitest.config.ts): after each test, fails it when an answer it caused does not fit the
 * API document (openapi-drift.ts), naming every such answer.
 */
import { afterEach } from 'vitest';
import { takeDriftViolations } from './openapi-drift.js';

afterEach(() => {
  const found = takeDriftViolations();
  if (found.length > 0) {
    throw new Error(
      `The API document (GET /api/openapi.json) does not describe ${found.length} answer(s) of this test:\n- ${found.join('\n- ')}`,
    );
  }
});
