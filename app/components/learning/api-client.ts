/**
 * The learning components call the JSON API from the browser (the study page mounts them without
 * a loader of their own). Failures become a Vietnamese message to show.
 */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface ApiResult<T> {
  data: T;
  meta?: { page: number; limit: number; total: number };
}

export async function callApi<T>(
  url: string,
  init: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: object; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiFailure('Mất kết nối. Vui lòng kiểm tra mạng và thử lại.', 0);
  }
  const body = (await response.json().catch(() => null)) as
    (ApiResult<T> & { error?: { message?: string; fields?: Record<string, string> } }) | null;
  if (!response.ok || !body) {
    throw new ApiFailure(
      body?.error?.message ?? 'Có lỗi xảy ra. Vui lòng thử lại sau.',
      response.status,
      body?.error?.fields ?? {},
    );
  }
  return body;
}

export function messageOf(error: unknown): string {
  return error instanceof ApiFailure ? error.message : 'Có lỗi xảy ra. Vui lòng thử lại sau.';
}
