import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './scroll-restoration';

function Probe() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => void navigate('/view/1/saree-blouse')}>
        open
      </button>
      <button type="button" onClick={() => void navigate('?tab=orders')}>
        same page
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        back
      </button>
      <ScrollRestoration />
    </>
  );
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

describe('ScrollRestoration', () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts a new page at the top and returns to the old position on Back', () => {
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/category/saree-blouse']}>
        <Probe />
      </MemoryRouter>,
    );
    scrollTo(640);

    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(scrolled).toHaveBeenLastCalledWith(0, 0);

    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(scrolled).toHaveBeenLastCalledWith(0, 640);
  });

  it('keeps the scroll on a new entry for the same path, and remembers the entry left even if scrolling follows', () => {
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={['/admin-only']}>
        <Probe />
      </MemoryRouter>,
    );
    scrollTo(300);
    scrolled.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'same page' }));
    expect(scrolled).not.toHaveBeenCalled();

    // A new page: scrolled to the top, and that scroll event belongs to the new page.
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(scrolled).toHaveBeenLastCalledWith(0, 0);
    scrollTo(0);
    fireEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(scrolled).toHaveBeenLastCalledWith(0, 300);
  });
});
