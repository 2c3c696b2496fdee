/** Page loaders: an unknown slug (a NOT_FOUND from a service) becomes the 404 of SPEC §8. */
import { data } from 'react-router';
import { isAppError } from '../lib/errors';

export function notFound(request: Request): never {
  throw data({ message: `Page not found: ${new URL(request.url).pathname}` }, { status: 404 });
}

export async function loadOr404<T>(request: Request, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') notFound(request);
    throw error;
  }
}

/** `?page=` of a list page, 1–1000. */
export function readPage(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
}
