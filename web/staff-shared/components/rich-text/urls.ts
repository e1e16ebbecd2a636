// What the rich-text editor lets a person put in a link, an image or a video: only what the server's
// allowlist keeps (server/lib/rich-text.ts), so nothing typed vanishes at the save. A link is a web
// address, mail or telephone, or an address on this site; never javascript: or data:. Pictures and
// videos are this site's stored files; a YouTube video is kept as its watch address.
import { youtubeId } from '../../../components/youtube';
import { RICH_TEXT_LINK_SCHEMES, STORED_FILE_PATTERN } from '../../../../contract/content-kinds';

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const storedFile = new RegExp(STORED_FILE_PATTERN);

/** The link to store, or null when the address is one the site refuses. */
export function safeLink(input: string): string | null {
  const url = input.trim();
  // Browsers drop tabs and new lines inside an address ("java\tscript:"): none is accepted.
  // eslint-disable-next-line no-control-regex
  if (!url || /[\s\u0000-\u001f\u007f]/.test(url)) return null;
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme)
    return (RICH_TEXT_LINK_SCHEMES as readonly string[]).includes(scheme) && url.length > scheme.length + 1
      ? url
      : null;
  // No scheme: an address on this site (/courses), or a web address typed without https://.
  if (url.startsWith('//')) return null;
  if (url.startsWith('/') || url.startsWith('#') || url.startsWith('?')) return url;
  if (/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(?:[/?#:]|$)/.test(url)) return `https://${url}`;
  return null;
}

/** The stored file's path (uploads/...) as an image or video source on this site, or null. */
export function storedFileSource(input: string): string | null {
  const path = input.trim().replace(/^\/+/, '');
  return storedFile.test(path) ? `/${path}` : null;
}

/** A YouTube video's canonical watch address (which the allowlist keeps), or null. */
export function youtubeWatchUrl(input: string): string | null {
  const id = youtubeId(input.trim());
  return id ? `https://www.youtube.com/watch?v=${id}` : null;
}
