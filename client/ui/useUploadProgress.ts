import { useCallback, useEffect, useRef, useState } from 'react';
import type { TransferProgress } from '../endpoints/sendWithProgress.js';

/** What an upload call needs to report progress and be cancelled. */
export interface UploadControls {
  signal: AbortSignal;
  onProgress: (progress: TransferProgress) => void;
}

/** Runs one upload under a screen's progress bar. */
export type TrackUpload = <T>(send: (controls: UploadControls) => Promise<T>) => Promise<T>;

/** For a caller without a progress bar: the upload runs as is (and cannot be cancelled). */
export const untracked: TrackUpload = (send) =>
  send({ signal: new AbortController().signal, onProgress: () => {} });

export interface RunningUpload {
  /** Null while nothing is being sent. */
  progress: TransferProgress | null;
  /** Starts an upload: gives the call its signal and progress callback, tracks it until it settles. */
  track: TrackUpload;
  cancel(): void;
}

/** The state of one upload at a time for a screen: its progress and a way to cancel it. */
export function useUploadProgress(): RunningUpload {
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const track = useCallback(async <T>(send: (controls: UploadControls) => Promise<T>) => {
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
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);
  // Leaving the screen stops its upload: nobody is left to see where it went.
  useEffect(() => () => controller.current?.abort(), []);
  return { progress, track, cancel };
}
