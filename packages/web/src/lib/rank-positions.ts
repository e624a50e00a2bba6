/**
 * Each work's place in a ranking, from the order upstream answered (page after page, 1 first),
 * taken before the content filter so that a hidden work leaves a gap rather than renumbering
 * the rest: the numbers stay those of the ranking the user may compare with the site's.
 */
export function rankPositions(items: readonly { id: number }[]): Map<number, number> {
  const places = new Map<number, number>();
  for (const item of items) if (!places.has(item.id)) places.set(item.id, places.size + 1);
  return places;
}
