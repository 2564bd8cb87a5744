import type { ImportUpload } from '@pawdesk/shared/import/admin-schemas';
import { apiUploadWithProgress } from '../../../lib/api-client';
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
