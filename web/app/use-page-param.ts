import { useSearchParams } from 'react-router';
import { pageSearch, parsePage } from '../lib/pagination';

/** The list page in the address's ?page=, and a setter that writes it there. */
export function usePageParam(): [number, (next: number) => void] {
  const [params, setParams] = useSearchParams();
  return [parsePage(params.get('page')), (next) => setParams(pageSearch(next))];
}
