/** Runs `work` over `items`, `n` at a time, taking no new item once `signal` is aborted. */
export async function pool<T>(items: T[], n: number, work: (item: T) => Promise<void>, signal?: AbortSignal) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length && !signal?.aborted) await work(items[next++]!);
  });
  await Promise.all(lanes);
}
