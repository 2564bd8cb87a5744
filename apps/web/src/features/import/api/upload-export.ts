import type { ImportUpload } from '@pawdesk/shared/import/admin-schemas';
import { ApiError, buildUrl, type Query } from '../../../lib/api-client';
import { auth } from '../../../lib/auth';
import { ZIP_TYPE } from '../import-logic';

/** Sends the zip as the raw body (always as a zip: the server checks its bytes), with its name and upload progress. */
export async function uploadExport(
  file: File,
  opts: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<ImportUpload> {
  const res = await apiUploadWithProgress<{ upload: ImportUpload }>('/admin/import/uploads', file, {
    query: { name: file.name.slice(0, 200) },
    contentType: ZIP_TYPE,
    ...opts,
  });
  return res.upload;
}

/**
 * Uploads a large file (the import screen's zip) as the raw request body with its upload progress, which fetch cannot
 * report: `onProgress(sent, total)` as the bytes go out. Same token, envelope and errors as `api` (the server's
 * message, sign-out on 401; ApiError(0, 'Network error') when no answer came; an AbortError when `signal` aborted).
 */
/* Kept in the import feature (lazy), not the eager API client: only this screen uploads this way. */
export function apiUploadWithProgress<T>(
  path: string,
  file: Blob,
  opts: { query?: Query; contentType?: string; signal?: AbortSignal; onProgress?: (sent: number, total: number) => void },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const { token } = auth.get();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, opts.query));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('content-type', opts.contentType ?? (file.type || 'application/octet-stream'));
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => opts.onProgress?.(e.loaded, e.lengthComputable ? e.total : file.size);
    const abort = () => xhr.abort();
    opts.signal?.addEventListener('abort', abort, { once: true });
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.onerror = () => reject(new ApiError(0, 'Network error'));
    xhr.onload = () => {
      opts.signal?.removeEventListener('abort', abort);
      let data: Record<string, unknown> = {};
      try {
        data = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        data = {};
      }
      if (xhr.status === 401 && token) auth.signOut('expired');
      if (xhr.status < 200 || xhr.status >= 300 || data.success === false) {
        const message = typeof data.message === 'string' && data.message ? data.message : `Request failed (${xhr.status})`;
        reject(new ApiError(xhr.status, message, (data.errors as Record<string, string>) ?? {}, data));
        return;
      }
      resolve(data as T);
    };
    xhr.send(file);
  });
}
