/**
 * The login lockout countdown (docs/product.md §4): a 429 stores blocked-until in localStorage; a stored block in
 * the future resumes on start, an expired one is removed, and at zero the block ends.
 */
import { useEffect, useState } from 'react';
import { clearBlockedUntil, readBlockedUntil, storeBlockedUntil } from './adminStorage.js';
import { blockedUntil, parseLoginBlock, secondsLeft } from './loginBlock.js';

const TICK_MS = 250;

function storedBlockEnd(): number | null {
  const block = parseLoginBlock(readBlockedUntil(), Date.now());
  if (block.state === 'expired') clearBlockedUntil();
  return block.state === 'active' ? block.until : null;
}

export function useLoginBlock() {
  const [until, setUntil] = useState<number | null>(storedBlockEnd);
  const [now, setNow] = useState(Date.now);

  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) {
        clearBlockedUntil();
        setUntil(null);
      }
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [until]);

  const block = (retryAfterSeconds: number) => {
    const time = Date.now();
    const end = blockedUntil(time, retryAfterSeconds);
    storeBlockedUntil(end);
    setNow(time);
    setUntil(end);
  };

  return { isBlocked: until !== null, secondsLeft: until === null ? 0 : secondsLeft(until, now), block };
}
