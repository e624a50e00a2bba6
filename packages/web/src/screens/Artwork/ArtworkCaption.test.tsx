import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ArtworkCaption } from './ArtworkCaption.tsx';

function renderCaption(caption: string) {
  return render(
    <MemoryRouter>
      <ArtworkCaption caption={caption} />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('ArtworkCaption', () => {
  it('shows a caption of 500 characters whole', () => {
    renderCaption(`<strong>${'a'.repeat(490)}</strong>${'b'.repeat(10)}`);
    expect(screen.getByTestId('artwork-caption').textContent).toHaveLength(500);
    expect(screen.queryByTestId('artwork-caption-expand')).toBeNull();
  });

  it('shrinks a caption above 500 characters until the click', () => {
    renderCaption('a'.repeat(501));
    const caption = screen.getByTestId('artwork-caption');
    expect(caption.className).toMatch(/shrunk/);
    fireEvent.click(screen.getByTestId('artwork-caption-expand'));
    expect(caption.className).not.toMatch(/shrunk/);
    expect(screen.queryByTestId('artwork-caption-expand')).toBeNull();
  });

  it('counts the text, not the markup', () => {
    renderCaption(`<a href="https://example.com/${'x'.repeat(600)}">link</a>`);
    expect(screen.queryByTestId('artwork-caption-expand')).toBeNull();
  });

  it('renders nothing for an empty caption', () => {
    const { container } = renderCaption('');
    expect(container.innerHTML).toBe('');
  });
});
