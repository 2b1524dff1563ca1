/**
 * The pages (by index) a list must load to show rows `start` to `end`: page 0 always, since it
 * answers the total that sizes the list wherever it is scrolled.
 */
export function pagesAround(start: number, end: number, pageSize: number): number[] {
  const pages = new Set([0]);
  if (end >= start) {
    for (let page = Math.floor(start / pageSize); page <= Math.floor(end / pageSize); page++) pages.add(page);
  }
  return [...pages];
}
