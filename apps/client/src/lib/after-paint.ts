/**
 * Runs `task` once the browser has painted the frame being rendered now, and returns a cancel function. For
 * fetches a screen needs soon but not for its first paint: started earlier, they would share a slow
 * network with what is about to be shown.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: number | undefined;
  // A frame callback runs just before the paint; the timeout it sets runs after it.
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(task, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}
