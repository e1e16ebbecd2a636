// The media picker and the upload list as they first render: the library's pictures with their
// text alternative in the document's language, uploading only for those who may, and each upload's
// bar with its value for screen readers.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { MEDIA_PAGE_SIZE } from '../../../../contract/media-rules';
import type { MediaFile } from '../api/media';
import { staffKeys } from '../../../staff-shared/api/keys';
import type { StaffMe } from '../../../../contract/staff';
import { renderStaff as render } from '../../../staff-shared/components/render-for-tests';
import { MediaPicker } from './media-picker';
import { UploadList } from './media-uploads';

const picture = (id: string, alt: MediaFile['alt']): MediaFile => ({
  id,
  kind: 'image',
  format: 'png',
  originalName: `${id}.png`,
  bytes: 2048,
  width: 640,
  height: 480,
  durationSeconds: null,
  path: `uploads/by-hash/${id}/640.webp`,
  variants: [
    { path: `uploads/by-hash/${id}/640.webp`, contentType: 'image/webp', bytes: 2000, width: 640, height: 480 },
    { path: `uploads/by-hash/${id}/320.webp`, contentType: 'image/webp', bytes: 900, width: 320, height: 240 },
  ],
  alt,
  uploadedBy: null,
  uploadedAt: '2026-11-27T06:00:00.000Z',
  updatedAt: '2026-11-27T06:00:00.000Z',
});

const me = (roles: StaffMe['roles'], languages: StaffMe['languages'] = []) =>
  ({ userId: 'u', name: 'N', roles, languages }) as unknown as StaffMe;

describe('the media picker', () => {
  const client = () => {
    const seeded = new QueryClient();
    seeded.setQueryData(staffKeys.mediaList({ offset: 0, limit: MEDIA_PAGE_SIZE, kind: 'image' }), {
      rows: [
        picture('market', { hi: 'बाज़ार में महिला', en: 'A woman at the market' }),
        picture('farm', { en: 'A farm' }),
      ],
      total: 2,
    });
    return seeded;
  };

  it('shows the library’s pictures as thumbnails with their text in the document’s language, and lets an editor upload pictures only', () => {
    const html = render(
      <MediaPicker open onClose={() => undefined} onPick={() => undefined} lang="hi" me={me(['editor'])} />,
      client(),
    );
    expect(html).toContain('Choose a picture');
    expect(html).toContain('src="/uploads/by-hash/market/320.webp"');
    expect(html).toContain('lang="hi">बाज़ार में महिला</span>');
    expect(html).toContain('No text alternative in Hindi');
    expect(html).toContain('Drag pictures here, or');
    expect(html).toContain('Choose files');
    expect(html).toMatch(/accept="image\/jpeg,image\/png,image\/webp,image\/gif,image\/svg\+xml,[^"]*"/);
    expect(html).not.toContain('application/pdf');
    expect(html.match(/aria-pressed="false"/g)).toHaveLength(2);
  });

  it('offers a translator the pictures without uploading', () => {
    const html = render(
      <MediaPicker open onClose={() => undefined} onPick={() => undefined} lang="tm" me={me(['translator'], ['tm'])} />,
      client(),
    );
    expect(html).toContain('No text alternative in Tamil');
    expect(html).not.toContain('Choose files');
  });

  it('renders nothing inside the dialog while closed', () => {
    const html = render(
      <MediaPicker open={false} onClose={() => undefined} onPick={() => undefined} lang="hi" me={me(['editor'])} />,
      client(),
    );
    expect(html).not.toContain('Choose a picture</h2>');
  });
});

describe('the upload list', () => {
  it('gives an upload under way a progress bar with its values, and a refused one its reason as an alert', () => {
    const html = render(
      <UploadList
        uploads={[
          { key: 1, name: 'field.png', size: 480_000, state: 'uploading', percent: 42 },
          {
            key: 2,
            name: 'setup.exe',
            size: 100,
            state: 'refused',
            percent: 0,
            problem: 'This type of file is not accepted.',
          },
        ]}
        onCancel={() => undefined}
        onRetry={() => undefined}
        onClear={() => undefined}
      />,
    );
    expect(html).toContain(
      'role="progressbar" aria-label="Uploading field.png" aria-valuemin="0" aria-valuemax="100" aria-valuenow="42" aria-valuetext="42%"',
    );
    expect(html).toContain('Uploading: 42%');
    expect(html).toContain('aria-label="Cancel the upload of field.png"');
    expect(html).toContain('<p class="staff-error" role="alert">This type of file is not accepted.</p>');
    expect(html).toContain('Clear finished uploads');
  });
});
