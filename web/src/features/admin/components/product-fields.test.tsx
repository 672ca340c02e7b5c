import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '@thaiyal/contract/limits';
import { ProductFieldsSchema } from '@thaiyal/contract/product';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderForAdmin } from '../test/admin-fixtures';
import { CompareAtHint, CompareAtPriceField, PriceField, PricePaysForField, ProductTextFields, withMrpAbovePrice } from './product-fields';

const Schema = withMrpAbovePrice(ProductFieldsSchema);
type Output = z.output<typeof Schema>;

/** The shared fields in a bare form, filled with a valid product. */
function Harness({ onValid }: { onValid: (values: Output) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof Schema>, unknown, Output>({
    defaultValues: {
      name: 'Peacock Aari Blouse',
      nameTa: '',
      description: 'Aari work with peacock motifs.',
      descriptionTa: '',
      category: 'aariwork-blouse',
      price: '1450',
      compareAtPrice: '',
      priceIncludesFabric: 'false',
    },
    resolver: zodResolver(Schema),
  });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <ProductTextFields register={register} errors={errors} />
      <PriceField register={register} errors={errors} />
      <CompareAtPriceField register={register} errors={errors} />
      <CompareAtHint />
      <PricePaysForField register={register} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('the product form fields shared by the create form and the edit dialog (docs/product.md#validation, docs/product.md#editing-a-product)', () => {
  it('marks the Tamil text as Tamil, caps every text at the contract limits and explains the MRP', () => {
    renderForAdmin(<Harness onValid={vi.fn()} />);
    const limits: [string, string | null, number][] = [
      ['Product Name', null, LIMITS.maxNameLength],
      ['Product name in Tamil (optional)', 'ta', LIMITS.maxNameLength],
      ['Description', null, LIMITS.maxDescriptionLength],
      ['Description in Tamil (optional)', 'ta', LIMITS.maxDescriptionLength],
    ];
    for (const [label, lang, max] of limits) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute('lang'), label).toBe(lang);
      expect(field.getAttribute('maxlength'), label).toBe(String(max));
    }
    expect(screen.getByText(/^Leave the MRP empty for none\./)).toBeTruthy();
  });

  it('refuses a Tamil description longer than the limit, and sends what was typed once it fits', async () => {
    const onValid = vi.fn();
    renderForAdmin(<Harness onValid={onValid} />);
    const field = screen.getByLabelText('Description in Tamil (optional)');
    field.removeAttribute('maxlength');
    fireEvent.input(field, { target: { value: 'அ'.repeat(LIMITS.maxDescriptionLength + 1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This is too long')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();

    fireEvent.input(field, { target: { value: 'மயில் டிசைன் ஆரி வேலை.' } });
    fireEvent.input(screen.getByLabelText('MRP (optional)'), { target: { value: '1800' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0]).toMatchObject({ descriptionTa: 'மயில் டிசைன் ஆரி வேலை.', price: 1450, compareAtPrice: 1800 });
    expect(screen.queryByText('This is too long')).toBeNull();
  });
});
