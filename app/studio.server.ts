/** Studio loaders: an expected failure (no such order or user) is shown inside the studio frame. */
import { data } from 'react-router';
import { isAppError } from '../lib/errors';

export async function loadInStudio<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isAppError(error)) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}
