// Which of the web app's pages (its build's page manifest) an address shows, with the address's
// parameters, read as the web app's router reads it: regardless of case and of a trailing slash,
// and a fixed segment before a parameter (`/success-stories/all` before `/success-stories/:storyId`).
import type { PageManifestEntry } from '../../../contract/page-manifest';

export interface PageMatch {
  page: PageManifestEntry;
  params: Record<string, string>;
}

interface CompiledPage {
  page: PageManifestEntry;
  pattern: RegExp;
  names: string[];
  /** Fixed segments: the more, the more specific. */
  rank: number;
}

function compile(page: PageManifestEntry): CompiledPage {
  const names: string[] = [];
  let rank = 0;
  const segments = page.path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') {
        names.push('*');
        return '(?:/(.*))?';
      }
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '/([^/]+)';
      }
      rank += 1;
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    });
  return { page, pattern: new RegExp(`^${segments.join('') || '/'}$`, 'i'), names, rank };
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A function telling the page of a path (without its query), or undefined for an address that is no page. */
export function pageMatcher(pages: readonly PageManifestEntry[]): (pathname: string) => PageMatch | undefined {
  const compiled = pages.map(compile).sort((a, b) => b.rank - a.rank);
  return (pathname) => {
    const normalised = pathname.replace(/\/+$/, '') || '/';
    for (const { page, pattern, names } of compiled) {
      const match = pattern.exec(normalised);
      if (match)
        return { page, params: Object.fromEntries(names.map((name, i) => [name, decode(match[i + 1] ?? '')])) };
    }
    return undefined;
  };
}
