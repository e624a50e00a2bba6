import { renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initEnglishI18n } from '../test-i18n.ts';
import { useDocumentTitle } from './useDocumentTitle.ts';

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
});
