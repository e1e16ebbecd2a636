// The console's calls about one item and one of its languages: its state, versions and their
// comparison, a translation's stale fields, and publishing, scheduling, unpublishing, submitting
// for review and restoring a version; creating an item, deleting it and restoring it, and the list
// of deleted items. Every change refreshes what was read about the item (and the matrix, which shows
// its state).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContentItem,
  CreateContent,
  DiffResponse,
  LanguageHead,
  LanguageState,
  SaveContent,
  StaleFields,
  TemplateResponse,
  VersionList,
} from '../../../contract/authoring';
import type { LanguageCode } from '../../../contract/languages';
import type { FieldConflict } from '../../../contract/document-fields';
import { CONTENT_PAGE_MAX } from '../../../contract/page-sizes';
import { ApiError, api, type ApiAnswer } from '../../lib/api-client';
import { staffKeys } from './keys';

export type { ContentItem, LanguageHead, LanguageState, FieldConflict };
/** A draft as the site will answer it once published (the contract's type would ask for every language's keys of a course at once). */
export type PreviewResponse = ApiAnswer<'/api/staff/content/{id}/{lang}/preview', 'get'>;
export type VersionRow = VersionList['versions'][number];
export type FieldChange = DiffResponse['changes'][number];
export type StaleField = StaleFields['fields'][number];

export function useItem(id: string) {
  return useQuery({
    queryKey: staffKeys.item(id),
    queryFn: ({ signal }): Promise<ContentItem> => api.get('/api/staff/content/{id}', { path: { id }, signal }),
  });
}

export function useVersions(id: string, lang: LanguageCode, enabled: boolean) {
  return useQuery({
    queryKey: [...staffKeys.language(id, lang), 'versions'],
    enabled,
    queryFn: ({ signal }) => api.get('/api/staff/content/{id}/{lang}/versions', { path: { id, lang }, signal }),
    select: (data) => data.versions,
  });
}

export function useDiff(id: string, lang: LanguageCode, from: number | null, to: number | null) {
  return useQuery({
    queryKey: [...staffKeys.language(id, lang), 'diff', from, to],
    enabled: from !== null && to !== null && from !== to,
    queryFn: ({ signal }) =>
      api.get('/api/staff/content/{id}/{lang}/diff', { path: { id, lang }, query: { from: from!, to: to! }, signal }),
    select: (data) => data.changes,
  });
}

export function useStale(id: string, lang: LanguageCode, enabled: boolean) {
  return useQuery({
    queryKey: [...staffKeys.language(id, lang), 'stale'],
    enabled,
    queryFn: ({ signal }) => api.get('/api/staff/content/{id}/{lang}/stale', { path: { id, lang }, signal }),
  });
}

/** The newest version of a language as the site will answer it once published (never cached: a preview shows the draft as it is now). */
export function usePreview(id: string, lang: LanguageCode) {
  return useQuery({
    queryKey: [...staffKeys.language(id, lang), 'preview'],
    queryFn: ({ signal }) => api.get('/api/staff/content/{id}/{lang}/preview', { path: { id, lang }, signal }),
    gcTime: 0,
  });
}

/** A change to one language; on success the item, its languages and the matrix are read again. */
function useLanguageChange<V>(id: string, call: (variables: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: staffKeys.item(id) }),
        client.invalidateQueries({ queryKey: ['staff', 'translations'] }),
      ]),
  });
}

/** Creates an item with its first version (a draft) in its source language. */
export function useCreateItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateContent): Promise<{ item: ContentItem; head: LanguageHead }> =>
      api.post('/api/staff/content', { body: input }),
    onSuccess: ({ item }) => {
      client.setQueryData(staffKeys.item(item.id), item);
      return client.invalidateQueries({ queryKey: ['staff', 'translations'] });
    },
  });
}

/** Deletes the item (off the site in every language, restorable), or restores it. */
export function useDeleteItem(id: string) {
  return useLanguageChange(id, () => api.delete('/api/staff/content/{id}', { path: { id } }));
}

export function useRestoreItem(id: string) {
  return useLanguageChange(id, () => api.post('/api/staff/content/{id}/restore', { path: { id } }));
}

/** The deleted items, most recently changed first (the API's largest page: deleting is rare). */
export function useDeletedItems(enabled: boolean) {
  return useQuery({
    queryKey: staffKeys.deletedItems,
    enabled,
    queryFn: ({ signal }) =>
      api.get('/api/staff/content', { query: { deleted: true, limit: CONTENT_PAGE_MAX }, signal }),
  });
}

export function usePublish(id: string, lang: LanguageCode) {
  return useLanguageChange(id, (body: { version?: number; at?: string }) =>
    api.post('/api/staff/content/{id}/{lang}/publish', { path: { id, lang }, body }),
  );
}

export function useCancelSchedule(id: string, lang: LanguageCode) {
  return useLanguageChange(id, () => api.delete('/api/staff/content/{id}/{lang}/schedule', { path: { id, lang } }));
}

export function useUnpublish(id: string, lang: LanguageCode) {
  return useLanguageChange(id, () => api.post('/api/staff/content/{id}/{lang}/unpublish', { path: { id, lang } }));
}

export function useSubmit(id: string, lang: LanguageCode) {
  return useLanguageChange(id, (version: number) =>
    api.post('/api/staff/content/{id}/{lang}/submit', { path: { id, lang }, body: { version } }),
  );
}

export function useRestoreVersion(id: string, lang: LanguageCode) {
  return useLanguageChange(id, ({ number, baseVersion }: { number: number; baseVersion: number }) =>
    api.post('/api/staff/content/{id}/{lang}/versions/{number}/restore', {
      path: { id, lang, number },
      body: { baseVersion },
    }),
  );
}

/** Where an edit of a language starts: its newest version, or for a language not written yet the translation's starting point. */
export interface EditStart {
  body: LanguageHead['body'];
  /** The version the first save is based on (0: the language has none yet). */
  baseVersion: number;
  /** That version's revision (ADR 36), when read from the version itself. */
  baseRevision?: string;
}

export function useEditStart(id: string, lang: LanguageCode) {
  return useQuery({
    queryKey: staffKeys.edit(id, lang),
    // What an edit started from is read once: a refetch must not replace what the person is writing.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    queryFn: async ({ signal }): Promise<EditStart> => {
      try {
        const head: LanguageHead = await api.get('/api/staff/content/{id}/{lang}', { path: { id, lang }, signal });
        return { body: head.body, baseVersion: head.version.number, baseRevision: head.revision };
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'contentLanguageMissing')) throw error;
        const start = await api.get('/api/staff/content/{id}/{lang}/template', { path: { id, lang }, signal });
        return { body: start.body, baseVersion: start.baseVersion };
      }
    },
  });
}

/** Saves a language as a new version; a 409 carries the version saved meanwhile (savedMeanwhile). */
export function saveLanguage(id: string, lang: LanguageCode, save: SaveContent): Promise<LanguageHead> {
  return api.put('/api/staff/content/{id}/{lang}', { path: { id, lang }, body: save });
}

/** The fields both people changed, when a save was refused for them only (409 staleVersion with `conflicts`, ADR 36). */
export function conflictingFields(error: unknown): FieldConflict[] | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'staleVersion') return null;
  return (error.details as { conflicts?: FieldConflict[] } | undefined)?.conflicts ?? null;
}

/** How often an open editor asks whether someone else saved its language (ADR 36). */
export const WATCH_MS = 5_000;

/**
 * Where one language stands now (its head and when it last changed), read again every WATCH_MS
 * while an editor is open, so someone else's save is known at once: the item's small answer, not
 * the document, which is read only when it changed.
 */
export function useLanguageWatch(id: string, lang: LanguageCode) {
  return useQuery({
    queryKey: [...staffKeys.language(id, lang), 'watch'],
    queryFn: async ({ signal }): Promise<LanguageState | null> => {
      const item: ContentItem = await api.get('/api/staff/content/{id}', { path: { id }, signal });
      return item.languages.find((state) => state.lang === lang) ?? null;
    },
    refetchInterval: WATCH_MS,
    retry: false,
  });
}

/** A language's newest version, read once when the watch says it changed. */
export function readHead(id: string, lang: LanguageCode): Promise<LanguageHead> {
  return api.get('/api/staff/content/{id}/{lang}', { path: { id, lang } });
}

/** The version someone else saved meanwhile, when a save was refused for it (409 staleVersion). */
export function savedMeanwhile(error: unknown): LanguageHead | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'staleVersion') return null;
  return (error.details as { current?: LanguageHead } | undefined)?.current ?? null;
}

/**
 * Where a translation view starts: the source's newest structure with this language's text where
 * it has it and empty text elsewhere (a translation catching up with its source), and the version
 * to save it on. Read once, like an edit's start.
 */
export function useTranslationStart(id: string, lang: LanguageCode) {
  return useQuery({
    queryKey: [...staffKeys.edit(id, lang), 'template'],
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    queryFn: ({ signal }): Promise<TemplateResponse> =>
      api.get('/api/staff/content/{id}/{lang}/template', { path: { id, lang }, signal }),
  });
}

/** A language's newest version, as saved (the translation view's source). */
export function useLanguageHead(id: string, lang: LanguageCode) {
  return useQuery({
    queryKey: [...staffKeys.language(id, lang), 'head'],
    queryFn: ({ signal }): Promise<LanguageHead> =>
      api.get('/api/staff/content/{id}/{lang}', { path: { id, lang }, signal }),
  });
}
