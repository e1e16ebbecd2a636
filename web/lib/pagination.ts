// The specification's pagination: offset = (page - 1) * size; Previous is off on page 1; Next is
// off when the total does not exceed offset + size.
export function pageOffset(page: number, size: number): number {
  return (page - 1) * size;
}

export function hasPrevious(page: number): boolean {
  return page > 1;
}

export function hasNext(page: number, size: number, total: number): boolean {
  return total > pageOffset(page, size) + size;
}

/** The number of the last page (1 for an empty list). */
export function lastPage(size: number, total: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * The page a list shows: the one asked for, or the last one when that is past the end (an old link,
 * a typed ?page=999). Until the total is known, the one asked for.
 */
export function pageWithin(page: number, size: number, total: number | undefined): number {
  return total === undefined ? page : Math.min(page, lastPage(size, total));
}

/** The page number from a ?page= value: a whole number from 1, else 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The ?page= search of a list page: none for page 1, so the first page has one address. */
export function pageSearch(page: number): Record<string, string> {
  return page > 1 ? { page: String(page) } : {};
}
