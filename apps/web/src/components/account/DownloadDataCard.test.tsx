import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { server } from '../../test/server';
import { DownloadDataCard } from './DownloadDataCard';

const card = (
  <DownloadDataCard
    title="Your data"
    description="Everything about you."
    buttonLabel="Download my data"
    path="/customer/export"
    fallbackName="mine.zip"
  />
);

describe('DownloadDataCard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads the zip under the server’s file name, and says so', async () => {
    server.use(
      http.get('/api/v1/customer/export', () => {
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="my-data-1.zip"' },
        });
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:zip');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderWithProviders(card);
    expect(screen.getByRole('region', { name: 'Your data' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Downloaded my-data-1.zip')).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it('shows the server’s message when the download is refused', async () => {
    server.use(
      http.get('/api/v1/customer/export', () =>
        HttpResponse.json({ success: false, message: 'Customers only' }, { status: 403 }),
      ),
    );
    const { user } = renderWithProviders(card);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Download failed')).toBeInTheDocument();
    expect(screen.getAllByText('Customers only').length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });
});
