/**
 * A file sent from the browser straight to storage (SPEC §7): `PUT /api/user/s3.json` gives a
 * presigned URL (S3, or our own signed endpoint on local disk), the file is PUT there with the
 * public-read ACL and its progress reported. Failures become a Vietnamese message to show.
 */

export class UploadFailure extends Error {
  constructor(
    message: string,
    readonly status = 0,
    /** Our API, or the storage the file is PUT to (S3 or our own signed endpoint). */
    readonly source: 'api' | 'storage' = 'api',
  ) {
    super(message);
  }
}

/** What is being sent, in the messages: "ảnh" for the avatar, "tệp" otherwise. */
export type UploadNoun = 'ảnh' | 'tệp';

export const genericUploadError = (noun: UploadNoun) => `Tải ${noun} lên không thành công. Vui lòng thử lại.`;

/** The Vietnamese message of an API error body; the two English SPEC messages get a Vietnamese one. */
export function uploadMessageOf(body: string, status: number, noun: UploadNoun): string {
  let message: string | undefined;
  try {
    message = (JSON.parse(body) as { error?: { message?: string } }).error?.message;
  } catch {
    message = undefined;
  }
  if (message === 'resigned error!' || status === 502)
    return `Không tạo được liên kết tải ${noun} lên. Vui lòng thử lại sau.`;
  if (message === 'invalid content encoding!') return genericUploadError(noun);
  if (status === 413) return noun === 'ảnh' ? 'Ảnh quá lớn.' : 'Tệp quá lớn.';
  return message && /[À-ỹ]/.test(message) ? message : genericUploadError(noun);
}

/** A JSON call whose failure is an UploadFailure with the API's Vietnamese message. */
export async function callUploadApi<T>(url: string, method: string, payload: object, noun: UploadNoun): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
    });
  } catch {
    throw new UploadFailure('Mất kết nối. Vui lòng kiểm tra mạng và thử lại.');
  }
  const body = await response.text();
  if (!response.ok) throw new UploadFailure(uploadMessageOf(body, response.status, noun), response.status);
  return (JSON.parse(body) as { data: T }).data;
}

/** PUTs the file to the presigned URL with public-read ACL (SPEC §7), reporting progress. */
export function putFile(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
  noun: UploadNoun,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('content-type', file.type);
    request.setRequestHeader('x-amz-acl', 'public-read');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(
            new UploadFailure(uploadMessageOf(request.responseText, request.status, noun), request.status, 'storage'),
          );
    request.onerror = () =>
      reject(new UploadFailure(`Mất kết nối khi tải ${noun} lên. Vui lòng thử lại.`, 0, 'storage'));
    request.send(file);
  });
}

/**
 * Asks for a presigned URL and PUTs the file there. `publicUrl` is the site's configured address:
 * our own upload endpoint is reached on the origin the page came from (PUBLIC_URL may name another host).
 */
export async function uploadToStorage(
  file: File,
  options: {
    publicUrl: string | undefined;
    noun: UploadNoun;
    onStart?: () => void;
    onProgress: (percent: number) => void;
  },
): Promise<{ key: string; direct_url: string }> {
  const target = await callUploadApi<{ url: string; key: string; direct_url: string }>(
    '/api/user/s3.json',
    'PUT',
    { key: file.name, content_encoding: 'blob', content_type: file.type },
    options.noun,
  );
  const address = new URL(target.url, window.location.href);
  const ours = options.publicUrl !== undefined && address.origin === new URL(options.publicUrl).origin;
  options.onStart?.();
  await putFile(ours ? `${address.pathname}${address.search}` : address.href, file, options.onProgress, options.noun);
  return { key: target.key, direct_url: target.direct_url };
}
