import { describe, expect, it } from 'vitest';
import {
  AppError,
  isConnectionFailure,
  isServiceUnavailable,
  SERVICE_UNAVAILABLE_MESSAGE,
  unavailableFromConnectionFailure,
} from './errors.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('connection failures', () => {
  it('recognises a database that cannot be reached, from the socket, the server or the pool', () => {
    expect(isConnectionFailure(withCode('ECONNREFUSED'))).toBe(true);
    expect(isConnectionFailure(withCode('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isConnectionFailure(withCode('57P03', 'the database system is starting up'))).toBe(true);
    expect(isConnectionFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionFailure(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // Node reports a refused dual-stack connect as an AggregateError of both attempts.
    expect(isConnectionFailure(new AggregateError([withCode('ECONNREFUSED')], 'connect failed'))).toBe(true);
    expect(isConnectionFailure(new Error('wrapped', { cause: withCode('ECONNRESET') }))).toBe(true);
  });

  it('leaves query errors alone', () => {
    expect(isConnectionFailure(withCode('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isConnectionFailure(withCode('42P01', 'relation "x" does not exist'))).toBe(false);
    expect(isConnectionFailure(new AppError('NOT_FOUND', 'Không tìm thấy.'))).toBe(false);
    expect(unavailableFromConnectionFailure(new Error('syntax error'))).toBeNull();
  });

  it('becomes the 503 with the Vietnamese message, the original kept as its cause', () => {
    const original = withCode('ECONNREFUSED');
    const unavailable = unavailableFromConnectionFailure(original)!;
    expect(unavailable).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      status: 503,
      message: SERVICE_UNAVAILABLE_MESSAGE,
    });
    expect(unavailable.cause).toBe(original);
    expect(isServiceUnavailable(unavailable)).toBe(true);
    // Already translated: the same error goes on.
    expect(unavailableFromConnectionFailure(unavailable)).toBe(unavailable);
  });
});
