import { render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { initEnglishI18n } from '../test-i18n.ts';
import { DocumentTitleSink, titleSink, useDocumentTitle } from './useDocumentTitle.ts';

describe('useDocumentTitle', () => {
  beforeAll(async () => {
    await initEnglishI18n();
  });

  it('names the page after the screen, then the app', () => {
    const { rerender } = renderHook(({ title }) => useDocumentTitle(title), {
      initialProps: { title: undefined as string | undefined },
    });
    expect(document.title).toBe('Pixiv Viewer');
    rerender({ title: 'Daily ranking' });
    expect(document.title).toBe('Daily ranking - Pixiv Viewer');
  });

  it('tells a server render the title the app ends with: the outer screen’s', () => {
    function Inner() {
      useDocumentTitle('A work');
      return null;
    }
    function Outer() {
      useDocumentTitle(undefined, true);
      return <Inner />;
    }
    // what a server render of the tree names the page
    const serverTitle = (tree: ReactNode) => {
      const named = titleSink();
      renderToString(
        <DocumentTitleSink.Provider value={named.sink}>{tree}</DocumentTitleSink.Provider>,
      );
      return named.title();
    };
    const title = serverTitle(<Outer />);
    expect(title).toBe('404 · Page not found - Pixiv Viewer');
    // the app over the same tree: the inner effect runs first, the outer one last
    document.title = 'Pixiv Viewer';
    render(<Outer />);
    expect(document.title).toBe(title);
    expect(serverTitle(<Inner />)).toBe('A work - Pixiv Viewer');
  });
});
