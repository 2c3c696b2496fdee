/** Every integration test fails on a console.error (ARCHITECTURE.md §7). */
import { afterEach, beforeEach, expect, vi } from 'vitest';

let errorSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  expect(calls, 'console.error was called').toEqual([]);
});
