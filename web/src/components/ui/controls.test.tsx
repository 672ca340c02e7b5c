import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './checkbox';
import { ChoiceCard } from './choice-card';
import { FileButton, FileField } from './file-picker';
import { SelectField } from './select';

// The shop's shared controls (docs/product.md#accessibility): native inputs under a real label,
// each target at least 44 px (min-h-11), a visible focus ring.

describe('shared form controls', () => {
  it('a choice card is a native radio named by its label alone, its description read after it', () => {
    const onChange = vi.fn();
    render(
      <form aria-label="slots">
        <ChoiceCard name="slot" value="a" label="10:00-13:00" description="2 places left" onChange={onChange} />
        <ChoiceCard name="slot" value="b" label="14:00-17:00" description="Full" disabled />
      </form>,
    );
    const open = screen.getByRole('radio', { name: '10:00-13:00' });
    expect(open.getAttribute('type')).toBe('radio');
    expect(open.getAttribute('name')).toBe('slot');
    expect(screen.getByRole('radio', { name: '10:00-13:00', description: '2 places left' })).toBe(open);
    // The whole card is the label: a tap on its words chooses it.
    fireEvent.click(screen.getByText('2 places left'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('radio', { name: '14:00-17:00' }) as HTMLInputElement).disabled).toBe(true);
    expect(open.closest('label')!.className).toContain('min-h-11');
    expect(open.closest('label')!.className).toContain('has-[:focus-visible]:outline-3');
  });

  it('a checkbox is a native one inside its label, posted by its name, with its hint', () => {
    render(
      <form aria-label="f">
        <Checkbox name="remember" label="Remember me" hint="On this device only" defaultChecked />
      </form>,
    );
    const box = screen.getByRole('checkbox', { name: /Remember me/ }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(new FormData(box.form!).get('remember')).toBe('on');
    fireEvent.click(screen.getByText('Remember me'));
    expect(box.checked).toBe(false);
    expect(box.closest('label')!.className).toContain('min-h-11');
    expect(screen.getByText('On this device only')).toBeTruthy();
  });

  it('a select field keeps the native select, labelled, with its hint and error read with it', () => {
    render(
      <SelectField label="Category" hint="Where it is listed" error="Choose one" defaultValue="b">
        <option value="a">Blouse</option>
        <option value="b">Kids Dress</option>
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement;
    expect(select.value).toBe('b');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('combobox', { description: 'Where it is listed Choose one' })).toBe(select);
    expect(select.className).toContain('min-h-11');
  });

  it('file pickers stay native inputs named by their label, the button one hidden inside its 44-px label', () => {
    const onChange = vi.fn();
    render(
      <>
        <FileField label="Pictures" onChange={onChange} />
        <FileButton label="Add a picture" data-testid="button-input" onChange={onChange} />
      </>,
    );
    expect(screen.getByLabelText('Pictures').getAttribute('type')).toBe('file');
    const hidden = screen.getByLabelText('Add a picture');
    expect(hidden).toBe(screen.getByTestId('button-input'));
    expect(hidden.getAttribute('type')).toBe('file');
    expect(hidden.closest('label')!.className).toContain('min-h-11');
    fireEvent.change(hidden, { target: { files: [new File(['x'], 'a.jpg', { type: 'image/jpeg' })] } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
