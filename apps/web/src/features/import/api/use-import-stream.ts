import { IMPORT_STREAM_EVENTS as EV, type ImportFinishedEvent, type ImportProgress } from '@pawdesk/shared/import/admin-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { keepStreamOpen } from '../../../lib/event-stream';
import { importKeys } from './keys';

export const IMPORT_STREAM_PATH = '/admin/import/events';
export type StreamState = 'connecting' | 'open' | 'retrying' | 'stopped';

/**
 * The import runs' live events (GET /admin/import/events) while the screen is open: the run going on (on connect and
 * as it advances) and its end, when the runs and the run's report are read again. Reconnects with backoff.
 */
export function useImportStream(handlers: {
  onProgress: (p: ImportProgress | null) => void;
  onFinished: (e: ImportFinishedEvent) => void;
}): StreamState {
  const qc = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(
    () =>
      keepStreamOpen(IMPORT_STREAM_PATH, {
        onStateChange: setState,
        onEvent: (e) => {
          let data: unknown;
          try {
            data = JSON.parse(e.data);
          } catch {
            return;
          }
          if (e.event === EV.ready) {
            ref.current.onProgress((data as { progress: ImportProgress | null }).progress);
            void qc.invalidateQueries({ queryKey: importKeys.runs() });
          } else if (e.event === EV.progress) {
            ref.current.onProgress(data as ImportProgress);
          } else if (e.event === EV.finished) {
            const f = data as ImportFinishedEvent;
            ref.current.onFinished(f);
            void qc.invalidateQueries({ queryKey: importKeys.runs() });
            void qc.invalidateQueries({ queryKey: importKeys.run(f.runId) });
          }
        },
      }),
    [qc],
  );
  return state;
}
