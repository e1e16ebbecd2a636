// The translation matrix (/api/staff/content/translations): every item with the state of each of
// its languages.
import { useQuery } from '@tanstack/react-query';
import type { ContentKind } from '../../../../contract/content-kinds';
import type { TranslationMatrix } from '../../../../contract/authoring';
import { api } from '../../../lib/api-client';
import { staffKeys } from '../../../staff-shared/api/keys';

export type MatrixItem = TranslationMatrix['items'][number];
export type MatrixCell = MatrixItem['cells'][number];

export function useTranslationMatrix(kind: ContentKind | undefined) {
  return useQuery({
    queryKey: staffKeys.translations(kind),
    queryFn: ({ signal }) => api.get('/api/staff/content/translations', { query: kind ? { kind } : {}, signal }),
  });
}
