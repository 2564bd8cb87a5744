/**
 * A provider call that failed: `status` is the provider's HTTP answer (400 bad request, 404 unknown id…), or null
 * when it could not be reached. The payments service turns it into a client error or a 502.
 */
export class ProviderError extends Error {
  constructor(
    readonly status: number | null,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The SDK rejects with `{ statusCode, error: { code, description } }`, or a plain error when there was no answer. */
export function toProviderError(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  if (err && typeof err === 'object' && 'statusCode' in err) {
    const e = err as { statusCode?: unknown; error?: { code?: unknown; description?: unknown } };
    const status = Number(e.statusCode);
    return new ProviderError(
      Number.isInteger(status) ? status : null,
      typeof e.error?.code === 'string' ? e.error.code : 'SERVER_ERROR',
      typeof e.error?.description === 'string' ? e.error.description : 'The payment provider refused the request',
    );
  }
  return new ProviderError(null, 'UNREACHABLE', 'The payment provider could not be reached');
}
