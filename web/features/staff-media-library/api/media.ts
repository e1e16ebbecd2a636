// The media library's calls (/api/staff/media): the list (search, kind, a page at a time), one file
// with where it is used, uploads with their progress, text alternatives per language, and delete.
// Every change refreshes the library's lists and the file it touched.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MediaAlt,
  MediaFile,
  MediaFileDetail,
  MediaListQuery,
  MediaUsage,
} from '../../../../contract/media-library';
import type { UploadKind } from '../../../../contract/media-rules';
import { MEDIA_PAGE_SIZE } from '../../../../contract/media-rules';
import { api } from '../../../lib/api-client';
import { apiUpload } from '../../../lib/api-upload';
import { staffKeys } from '../../../staff-shared/api/keys';

export type { MediaAlt, MediaFile, MediaFileDetail, MediaUsage };

export interface MediaUploadResult {
  file: MediaFile;
  /** The same bytes were in the library already: this is that file. */
  repeat: boolean;
  warnings: string[];
}

/** One page of the library, newest first (page counts from 1); the previous page stays while the next loads. */
export function useMediaList({ q, kind, page }: { q: string; kind?: UploadKind; page: number }) {
  const query: MediaListQuery = {
    offset: (page - 1) * MEDIA_PAGE_SIZE,
    limit: MEDIA_PAGE_SIZE,
    ...(q ? { q } : {}),
    ...(kind ? { kind } : {}),
  };
  return useQuery({
    queryKey: staffKeys.mediaList(query),
    queryFn: ({ signal }) => api.get('/api/staff/media', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMediaFile(id: string) {
  return useQuery({
    queryKey: staffKeys.mediaFile(id),
    queryFn: ({ signal }): Promise<MediaFileDetail> => api.get('/api/staff/media/{id}', { path: { id }, signal }),
  });
}

/** Sends one file; the lists are refreshed by the caller once its batch is done (uploadMedia does not touch the cache). */
export function uploadMedia(
  file: File,
  kind: UploadKind,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal,
): Promise<MediaUploadResult> {
  return apiUpload('/api/staff/media', file, { query: { kind }, onProgress, signal });
}

export function useRefreshMedia() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: staffKeys.media });
}

/** Sets (or with an empty text removes) text alternatives by language. */
export function useSetAlt(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (alt: MediaAlt) => api.patch('/api/staff/media/{id}', { path: { id }, body: { alt } }),
    onSuccess: (file) => {
      client.setQueryData<MediaFileDetail>(staffKeys.mediaFile(id), (detail) =>
        detail ? { ...detail, ...file } : detail,
      );
      return client.invalidateQueries({ queryKey: [...staffKeys.media, 'list'] });
    },
  });
}

export function useDeleteMedia(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/api/staff/media/{id}', { path: { id } }),
    // The file's own answer is left to expire: removed while its page is still open, it would be asked again (a 404).
    onSuccess: () => {
      // Gone from every page kept, at once, before the lists are asked again.
      client.setQueriesData<{ rows: MediaFile[]; total: number }>({ queryKey: [...staffKeys.media, 'list'] }, (list) =>
        list && list.rows.some((file) => file.id === id)
          ? { rows: list.rows.filter((file) => file.id !== id), total: list.total - 1 }
          : list,
      );
      return client.invalidateQueries({ queryKey: [...staffKeys.media, 'list'] });
    },
  });
}
