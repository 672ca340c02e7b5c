import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../../test/toasts';
import { AppToaster } from './app-toaster';

/** Messages on screen now (each toast's text sits in a role=status element). */
function shown(): string[] {
  return screen.queryAllByRole('status').map((element) => element.textContent ?? '');
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

describe('AppToaster (docs/product.md#states-and-transitions Toast notices, docs/product.md#limits durations and limits)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<AppToaster />);
  });

  afterEach(() => {
    act(() => clearToasts());
    vi.useRealTimers();
  });

  it('shows at most 20 toasts, keeping the newest', async () => {
    await act(async () => {
      for (let i = 1; i <= 25; i++) toast(`notice ${i}`);
    });
    const messages = shown();
    expect(messages).toHaveLength(20);
    expect(messages).toContain('notice 25');
    expect(messages).not.toContain('notice 5');
  });

  it.each([
    ['blank', 4000, (message: string) => toast(message)],
    ['error', 4000, (message: string) => toast.error(message)],
    ['success', 2000, (message: string) => toast.success(message)],
    ['custom', 4000, (message: string) => toast.custom(<p role="status">{message}</p>)],
  ] as const)('dismisses a %s toast after %i ms and removes it 1000 ms later', async (_kind, durationMs, show) => {
    await act(async () => {
      show('hello');
    });
    expect(shown()).toContain('hello');
    await advance(durationMs - 50);
    expect(shown()).toContain('hello');
    // Dismissed: it animates out but stays in the list for the removal delay.
    await advance(100);
    await advance(900);
    expect(screen.queryByText('hello')).not.toBeNull();
    await advance(200);
    expect(screen.queryByText('hello')).toBeNull();
  });

  it('keeps a loading toast until it is dismissed', async () => {
    let id = '';
    await act(async () => {
      id = toast.loading('saving');
    });
    await advance(60_000);
    expect(shown()).toContain('saving');
    await act(async () => toast.dismiss(id));
    await advance(999);
    expect(screen.queryByText('saving')).not.toBeNull();
    await advance(10);
    expect(screen.queryByText('saving')).toBeNull();
  });
});
