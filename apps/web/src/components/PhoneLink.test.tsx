import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { NameWithPhone, PhoneLink, phoneText } from './PhoneLink';

describe('PhoneLink (issue 21: owners imported without a phone)', () => {
  it('a phone is a tel: link; none is a dash, never "null"', () => {
    renderWithProviders(
      <div>
        <p data-testid="with">
          <PhoneLink phone="9812345678" />
        </p>
        <p data-testid="without">
          <PhoneLink phone={null} />
        </p>
      </div>,
    );
    expect(screen.getByRole('link', { name: '9812345678' })).toHaveAttribute('href', 'tel:9812345678');
    expect(screen.getByTestId('without')).toHaveTextContent(/^—$/);
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(phoneText(null)).toBe('—');
    expect(phoneText(undefined)).toBe('—');
    expect(phoneText('9812345678')).toBe('9812345678');
  });

  it('a name with a phone shows both; without one, the name alone', () => {
    renderWithProviders(
      <div>
        <p data-testid="with">
          <NameWithPhone name="Asha Verma" phone="9812345678" />
        </p>
        <p data-testid="without">
          <NameWithPhone name="Kamla Devi" phone={null} />
        </p>
      </div>,
    );
    expect(screen.getByTestId('with')).toHaveTextContent('Asha Verma · 9812345678');
    expect(screen.getByTestId('without')).toHaveTextContent(/^Kamla Devi$/);
  });
});
