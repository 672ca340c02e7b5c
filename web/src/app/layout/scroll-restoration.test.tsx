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
});
