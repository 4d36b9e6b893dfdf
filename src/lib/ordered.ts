/**
 * Runs up to `concurrency` tasks at once and yields their results in the order the tasks came: a
 * reader sees one ordered stream while the work behind it overlaps.
 */
export async function* inOrder<T>(
  tasks: Iterable<() => Promise<T>> | AsyncIterable<() => Promise<T>>,
  concurrency: number,
): AsyncGenerator<T> {
  const running: Promise<T>[] = [];
  try {
    for await (const task of tasks) {
      const started = task();
      // Awaited below in its turn; until then a failure must not surface as an unhandled rejection.
      started.catch(() => undefined);
      running.push(started);
      if (running.length >= concurrency) yield await (running.shift() ?? started);
    }
    for (let next = running.shift(); next !== undefined; next = running.shift()) yield await next;
  } finally {
    running.length = 0;
  }
}
