import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from './page-error-boundary';

function Broken(): never {
  throw new Error('chunk failed to load');
}

function page(resetKey: string, content: ReactNode) {
  return (
    <MemoryRouter>
      <PageErrorBoundary resetKey={resetKey}>{content}</PageErrorBoundary>
    </MemoryRouter>
  );
}

describe('PageErrorBoundary (a page that fails to render or to load)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the error page, and the next route renders afresh', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(page('/cartpage', <Broken />));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(logged).toHaveBeenCalled();

    rerender(page('/cartpage', <p>still broken?</p>));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();

    rerender(page('/', <p>home</p>));
    expect(screen.getByText('home')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
