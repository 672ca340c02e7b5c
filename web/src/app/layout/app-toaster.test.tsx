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

describe('AppToaster (SPEC §4 Toast notices, §9 durations and limits)', () => {
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
    ['blank', (message: string) => toast(message), 4000],
    ['error', (message: string) => toast.error(message), 4000],
    ['success', (message: string) => toast.success(message), 2000],
    ['custom', (message: string) => toast.custom(<p role="status">{message}</p>), 4000],
  ] as const)('dismisses a %s toast after %#… its duration, and removes it 1000 ms later', async (_kind, show, durationMs) => {
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
