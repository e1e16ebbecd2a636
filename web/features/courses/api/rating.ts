// The learner's rating of a course they joined, and the course's rating that it changes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LanguageCode } from '../../../../contract/languages';
import { api } from '../../../lib/api-client';
import { learningKeys } from '../../../lib/course/keys';

export function useRating(lang: LanguageCode, courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: learningKeys.rating(lang, courseId),
    enabled,
    queryFn: ({ signal }) => api.get('/api/course/{lang}/{courseId}/rating', { path: { lang, courseId }, signal }),
  });
}

export function useRate(lang: LanguageCode, courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) =>
      api.put('/api/course/{lang}/{courseId}/rating', { path: { lang, courseId }, body: { rating } }),
    onSuccess: (data) => {
      client.setQueryData(learningKeys.rating(lang, courseId), {
        myRating: data.myRating,
        rating: data.rating,
        averageRating: data.averageRating,
      });
      void client.invalidateQueries({ queryKey: learningKeys.course(lang, courseId) });
    },
  });
}
