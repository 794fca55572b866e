import { useCallback, useRef, useState } from 'react';
import type { TransferProgress } from '../endpoints/sendWithProgress.js';

export interface RunningUpload {
  /** Null while nothing is being sent. */
  progress: TransferProgress | null;
  /** Starts an upload: gives the call its signal and progress callback, tracks it until it settles. */
  track<T>(
    send: (controls: { signal: AbortSignal; onProgress: (p: TransferProgress) => void }) => Promise<T>,
  ): Promise<T>;
  cancel(): void;
}

/** The state of one upload at a time for a screen: its progress and a way to cancel it. */
export function useUploadProgress(): RunningUpload {
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const track = useCallback(
    async <T>(
      send: (controls: { signal: AbortSignal; onProgress: (p: TransferProgress) => void }) => Promise<T>,
    ) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setProgress({ loaded: 0, total: 0 });
      try {
        return await send({ signal: current.signal, onProgress: setProgress });
      } finally {
        if (controller.current === current) {
          controller.current = null;
          setProgress(null);
        }
      }
    },
    [],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { progress, track, cancel };
}
