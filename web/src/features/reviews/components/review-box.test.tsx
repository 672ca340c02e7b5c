import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReviewBox } from './review-box';

describe('ReviewBox (docs/product.md#reviews)', () => {
  it('sends the trimmed comment with the stars chosen', () => {
    const onSubmit = vi.fn();
    render(<ReviewBox onSubmit={onSubmit} pending={false} blocked={false} />);
    fireEvent.input(screen.getByLabelText('Write a review'), { target: { value: '  Lovely stitching  ' } });
    fireEvent.click(screen.getByLabelText('4 stars'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith('Lovely stitching', 4);
  });

  it.each([
    ['no comment', '', '5 stars', 'Must be filled'],
    ['no stars', 'Lovely stitching', null, 'Choose from 1 to 5 stars'],
  ])('with %s says so and sends nothing', (_name, comment, star, message) => {
    const onSubmit = vi.fn();
    render(<ReviewBox onSubmit={onSubmit} pending={false} blocked={false} />);
    fireEvent.input(screen.getByLabelText('Write a review'), { target: { value: comment } });
    if (star) fireEvent.click(screen.getByLabelText(star));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers 1 star to 5 stars, and none of them once a review was refused', () => {
    render(<ReviewBox onSubmit={() => {}} pending={false} blocked />);
    const choices = screen.getAllByRole('radio');
    expect(choices.map((choice) => choice.parentElement?.textContent)).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    for (const choice of choices) expect(choice.matches(':disabled')).toBe(true);
  });
});
