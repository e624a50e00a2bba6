import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NovelCaption } from './NovelCaption.tsx';
import { initEnglishI18n } from '../../test-i18n.ts';

beforeAll(async () => {
  await initEnglishI18n();
});
afterEach(cleanup);

describe('NovelCaption', () => {
  it('shows a caption of 500 characters whole, without a toggle', () => {
    render(<NovelCaption caption={'あ'.repeat(500)} />);
    expect(screen.getByTestId('novel-caption').dataset.shrunk).toBe('false');
    expect(screen.queryByTestId('novel-caption-toggle')).toBeNull();
  });

  it('shrinks one above 500 until opened, and again when its key changes (a translation)', () => {
    const long = 'あ'.repeat(501);
    const { rerender } = render(<NovelCaption key={0} caption={long} />);
    expect(screen.getByTestId('novel-caption').dataset.shrunk).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getByTestId('novel-caption').dataset.shrunk).toBe('false');
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    rerender(<NovelCaption key={1} caption={long} />);
    expect(screen.getByTestId('novel-caption').dataset.shrunk).toBe('true');
  });

  it('shows nothing for an empty caption and never raw markup', () => {
    const { container } = render(<NovelCaption caption="" />);
    expect(container.innerHTML).toBe('');
    render(<NovelCaption caption={'<img src=x onerror="alert(1)">hi<br>there'} />);
    expect(screen.getByTestId('novel-caption').innerHTML).toBe('hi<br>there');
  });
});
