import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { QueryState } from './query-state';

// docs/product.md#admin-dashboard: each tab shows 'Please wait...' while its data loads and,
// when loading fails, 'This list could not be loaded.' with 'Try again'.

/** A real query whose answers come from `answers` in turn (an Error rejects), then wait forever. */
function List({ answers, empty }: { answers: (string[] | Error)[]; empty?: string }) {
  const query = useQuery({
    queryKey: ['query-state-test'],
    queryFn: () => {
      const next = answers.shift();
      if (next === undefined) return new Promise<string[]>(() => {});
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
  });
  return (
    <QueryState query={query} failed="This list could not be loaded." retry="Try again" empty={empty}>
      {(names) => (
        <ul>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

describe('QueryState', () => {
  it("says 'Please wait...' as a busy status while the query loads", () => {
    renderWithApp(<List answers={[]} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Please wait...');
    expect(status.getAttribute('aria-busy')).toBe('true');
  });

  it('shows the failure with a retry that asks again, then the data', async () => {
    renderWithApp(<List answers={[new Error('down'), ['Meena', 'Lakshmi']]} />);
    const failed = await screen.findByText('This list could not be loaded.');
    expect(failed.getAttribute('role')).toBe('status');
    expect(failed.getAttribute('aria-busy')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findAllByRole('listitem')).map((item) => item.textContent)).toEqual(['Meena', 'Lakshmi']);
    expect(screen.queryByText('This list could not be loaded.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows the data, or the empty text for an empty list', async () => {
    const { unmount } = renderWithApp(<List answers={[['Meena']]} empty="No orders yet" />);
    expect((await screen.findByRole('listitem')).textContent).toBe('Meena');
    expect(screen.queryByRole('status')).toBeNull();
    unmount();

    renderWithApp(<List answers={[[]]} empty="No orders yet" />);
    expect(await screen.findByText('No orders yet', { selector: '[role="status"]' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
