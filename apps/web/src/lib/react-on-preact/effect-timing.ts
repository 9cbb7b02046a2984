/**
 * When effects run. React runs a render's effects before the browser handles the next input event when the render
 * came from one (a click, a key: React flushes them at the end of that commit); Preact waits for the next frame, so
 * a fast second keystroke's handler can run before the first one's effect. The app relies on React's order: the
 * six-digit code fields send their form from an effect that reads a flag their change handler sets
 * (lib/code-auto-submit.ts), and a typed code was not sent in Chromium on a busy machine. Preact's public
 * `options.requestAnimationFrame` schedules its effects: a microtask runs them right after the render's commit,
 * before any other event, as React does for input. Effects of a first mount then run before that frame paints too.
 */
import { options } from 'preact';

options.requestAnimationFrame = (flushEffects) => queueMicrotask(flushEffects);
