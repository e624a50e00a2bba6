import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDocumentTitle } from './useDocumentTitle.ts';

describe('useDocumentTitle', () => {
  it('names the page after the screen, then the app', () => {
    const { rerender } = renderHook(({ title }) => useDocumentTitle(title), {
      initialProps: { title: undefined as string | undefined },
    });
    expect(document.title).toBe('app.name');
    rerender({ title: 'Daily ranking' });
    expect(document.title).toBe('Daily ranking - app.name');
  });
});
