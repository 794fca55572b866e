/**
 * Scrolls the TOP strip back and forth at docs/product.md §9's speed (1 px per 20 ms) without React: one
 * requestAnimationFrame loop writes scrollLeft, with the distance taken from the time since the last
 * frame. The loop runs only while it can be seen and is wanted: the strip is on screen, the tab is
 * visible, no modal dialog is open, no pointer, finger or focus is on the strip, and motion is not reduced.
 * Otherwise no frame is scheduled at all, so a paused strip costs nothing. It starts once the page has
 * loaded and gone idle.
 */
import { useEffect, type RefObject } from 'react';
import { autoScrollAdvance, type ScrollDirection } from './autoScroll.js';

/** Modals portal themselves into <body> (ModalShell, the fullscreen gallery), or are an open <dialog>. */
const MODAL_SELECTOR = '[aria-modal="true"], dialog[open]';
/** After a finger lifts, the strip stays still a little, so it does not snatch the row from a swipe. */
const TOUCH_RESUME_MS = 3000;
/** The longest the strip waits for the page to go idle after it has loaded. */
const SETTLE_TIMEOUT_MS = 2000;
/** A frame later than this (a busy main thread, a background tab) moves no more than this much time. */
const LONGEST_FRAME_MS = 100;

function startAutoScroll(element: HTMLElement): () => void {
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let onScreen = false;
  let pointerInside = false;
  let focusInside = false;
  let touchedUntil = 0;
  let modalOpen = document.querySelector(MODAL_SELECTOR) !== null;
  let frame = 0;
  let lastTime: number | undefined;
  let position = 0;
  let direction: ScrollDirection = 1;
  let touchTimer = 0;

  // Not before the page has loaded and gone idle: its first seconds are the phone's busiest.
  let settled = false;
  const wanted = () =>
    settled &&
    onScreen &&
    !pointerInside &&
    !focusInside &&
    !modalOpen &&
    !document.hidden &&
    !reducedMotion.matches &&
    performance.now() >= touchedUntil;

  // How far the strip can scroll, measured again only after it or its cards change: reading it every
  // frame would make the browser lay out in the middle of script whenever React had just changed the page.
  let max: number | undefined;
  const remeasure = () => {
    max = undefined;
  };

  const tick = (now: number) => {
    const elapsed = lastTime === undefined ? 0 : Math.min(now - lastTime, LONGEST_FRAME_MS);
    lastTime = now;
    max ??= element.scrollWidth - element.clientWidth;
    const next = autoScrollAdvance(position, max, direction, elapsed);
    position = next.position;
    direction = next.direction;
    element.scrollLeft = position;
    frame = requestAnimationFrame(tick);
  };

  const update = () => {
    if (wanted()) {
      if (frame !== 0) return;
      // Start from wherever a swipe or the arrow buttons left the strip.
      position = element.scrollLeft;
      remeasure();
      lastTime = undefined;
      frame = requestAnimationFrame(tick);
    } else if (frame !== 0) {
      cancelAnimationFrame(frame);
      frame = 0;
    }
  };

  const visibility = new IntersectionObserver((entries) => {
    onScreen = entries.some((entry) => entry.isIntersecting);
    update();
  });
  visibility.observe(element);
  const resized = new ResizeObserver(remeasure);
  resized.observe(element);
  const cardsChanged = new MutationObserver(remeasure);
  cardsChanged.observe(element, { childList: true });
  // Only <body>'s own children: that is where modals are portalled, so the page's renders go unwatched.
  const modals = new MutationObserver(() => {
    modalOpen = document.querySelector(MODAL_SELECTOR) !== null;
    update();
  });
  modals.observe(document.body, { childList: true });

  const setPointer = (inside: boolean) => () => {
    pointerInside = inside;
    update();
  };
  const setFocus = (inside: boolean) => () => {
    focusInside = inside;
    update();
  };
  const touched = () => {
    touchedUntil = performance.now() + TOUCH_RESUME_MS;
    window.clearTimeout(touchTimer);
    touchTimer = window.setTimeout(update, TOUCH_RESUME_MS);
    update();
  };
  const host = element.parentElement ?? element;
  const listeners: [EventTarget, string, () => void][] = [
    [host, 'mouseenter', setPointer(true)],
    [host, 'mouseleave', setPointer(false)],
    [host, 'focusin', setFocus(true)],
    [host, 'focusout', setFocus(false)],
    [host, 'touchstart', touched],
    [document, 'visibilitychange', update],
    [reducedMotion, 'change', update],
  ];
  for (const [target, type, listener] of listeners)
    target.addEventListener(type, listener, { passive: true });

  const settle = () => {
    settled = true;
    update();
  };
  let idleHandle = 0;
  let settleTimer = 0;
  const whenIdle = () => {
    // Safari before 18 has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function') {
      idleHandle = window.requestIdleCallback(settle, { timeout: SETTLE_TIMEOUT_MS });
    } else settleTimer = window.setTimeout(settle, SETTLE_TIMEOUT_MS);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });

  return () => {
    cancelAnimationFrame(frame);
    if (idleHandle) window.cancelIdleCallback(idleHandle);
    window.clearTimeout(settleTimer);
    window.removeEventListener('load', whenIdle);
    window.clearTimeout(touchTimer);
    visibility.disconnect();
    resized.disconnect();
    cardsChanged.disconnect();
    modals.disconnect();
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
  };
}

/** Runs the TOP strip's auto-scroll on `ref`'s element while `enabled`. */
export function useAutoScroll(ref: RefObject<HTMLElement | null>, enabled: boolean): void {
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    return startAutoScroll(element);
  }, [ref, enabled]);
}
