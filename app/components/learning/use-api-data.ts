import { useEffect, useState } from 'react';
import { callApi, messageOf, type ApiResult } from './api-client';

export type ApiData<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; result: ApiResult<T> };

/** Reads a JSON API URL in the browser, with loading and error states and a way to read again. */
export function useApiData<T>(url: string) {
  const [state, setState] = useState<ApiData<T>>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    callApi<T>(url, { signal: controller.signal }).then(
      (result) => setState({ status: 'ready', result }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: messageOf(error) });
      },
    );
    return () => controller.abort();
  }, [url, reloads]);
  return {
    state,
    setState,
    reload() {
      setState({ status: 'loading' });
      setReloads((count) => count + 1);
    },
  };
}
