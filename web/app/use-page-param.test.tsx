import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { usePageParam } from './use-page-param';

function PageProbe() {
  const [page] = usePageParam();
  return <output>{page}</output>;
}

/** The page number read at an address. */
const pageAt = (url: string) =>
  renderToStaticMarkup(
    <RouterProvider
      router={createMemoryRouter([{ path: '/list', Component: PageProbe }], { initialEntries: [url] })}
    />,
  );

describe('usePageParam', () => {
  it('reads the page from ?page=, 1 when it is missing or not a page number', () => {
    expect(pageAt('/list?page=3')).toContain('<output>3</output>');
    expect(pageAt('/list')).toContain('<output>1</output>');
    expect(pageAt('/list?page=abc')).toContain('<output>1</output>');
  });
});
