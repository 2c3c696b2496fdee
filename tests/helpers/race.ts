/** Firing the same kind of request many times at once, for check-then-write races. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from './test-app.ts';

/** How many requests each race fires at once. */
export const RACERS = 6;

/** Sends `count` requests at once (request `i` built by `build(i)`) and checks none failed with a 5xx. */
export async function race(
  t: TestContext,
  build: (i: number) => InjectOptions,
  count = RACERS,
): Promise<LightMyRequestResponse[]> {
  const responses = await Promise.all(Array.from({ length: count }, (_, i) => t.app.inject(build(i))));
  for (const response of responses) expect(response.statusCode, response.body).toBeLessThan(500);
  return responses;
}

/** The statuses of a race, sorted, to compare with the expected outcome. */
export function statusesOf(responses: LightMyRequestResponse[]): number[] {
  return responses.map((response) => response.statusCode).sort();
}

/** One request won (`ok`), every other one was refused with 409 and this message. */
export function expectOneWinner(responses: LightMyRequestResponse[], message: string, ok = 200): void {
  expect(statusesOf(responses)).toEqual([ok, ...Array<number>(responses.length - 1).fill(409)].sort());
  for (const response of responses.filter((r) => r.statusCode === 409)) {
    expect(response.json().error).toMatchObject({ code: 'CONFLICT', message });
  }
}
