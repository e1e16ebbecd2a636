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

/** The page number from a ?page= value: a whole number from 1, else 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
