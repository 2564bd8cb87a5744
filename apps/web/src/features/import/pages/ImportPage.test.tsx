import type { ImportProgress, ImportRun, ImportRunDetail, ImportUpload } from '@pawdesk/shared/import/admin-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInStaff } from '../../../test/refund-kit';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import ImportPage from './ImportPage';

const confirmMock = vi.hoisted(() => vi.fn(async () => true));
vi.mock('../../../components/confirm', () => ({ confirm: confirmMock }));

const UPLOAD: ImportUpload = {
  uploadId: '660000000000000000000aaa',
  fileName: 'export.zip',
  bytes: 2048,
  kind: 'mongodump',
  files: [
    { collection: 'owners', name: 'pawshub/owners.bson', format: 'bson', gzip: false, bytes: 1200 },
    { collection: 'pets', name: 'pawshub/pets.bson', format: 'bson', gzip: false, bytes: 3400 },
  ],
  ignored: [{ name: 'notes.txt', reason: 'not a collection file (.bson or .json)' }],
  missing: ['visits'],
};
const RUN_ID = '660000000000000000000bbb';
const counts = (read: number, imported: number) => ({
  read,
  imported,
  updated: 0,
  merged: 0,
  unchanged: 0,
  skipped: 0,
  skippedWhy: {},
});

const progress: ImportProgress = {
  runId: RUN_ID,
  mode: 'dry-run',
  current: 'pets',
  collections: [
    { collection: 'owners', phase: 'done', bytes: 1200, totalBytes: 1200, counts: counts(12, 11), problems: 3 },
    { collection: 'pets', phase: 'reading', bytes: 1700, totalBytes: 3400, counts: counts(10, 10), problems: 0 },
  ],
};

const run = (over: Partial<ImportRun> = {}): ImportRun => ({
  _id: RUN_ID,
  mode: 'dry-run',
  status: 'done',
  via: 'admin',
  startedBy: { _id: '650000000000000000000041', fullName: 'Admin' },
  source: 'export.zip',
  uploadId: UPLOAD.uploadId,
  fileName: 'export.zip',
  startedAt: '2026-04-16T05:00:00.000Z',
  finishedAt: '2026-04-16T05:01:00.000Z',
  documents: 36,
  error: null,
  ...over,
});

const detail: ImportRunDetail = {
  ...run(),
  progress: null,
  report: {
    mode: 'dry-run',
    exportKind: 'mongodump',
    startedAt: '2026-04-16T05:00:00.000Z',
    finishedAt: '2026-04-16T05:01:00.000Z',
    unchanged: false,
    collections: [
      {
        collection: 'owners',
        file: 'pawshub/owners.bson',
        complete: true,
        counts: counts(12, 11),
        money: { before: { charged: 0, paid: 0 }, after: { charged: 0, paid: 0 } },
        problems: [
          {
            collection: 'owners',
            file: 'pawshub/owners.bson',
            offset: 206,
            originalId: '660002000000000000000001',
            message: 'merged into 660002000000000000000000',
          },
        ],
        problemCount: 3,
      },
      {
        collection: 'wallets',
        file: 'pawshub/wallets.bson',
        complete: true,
        counts: counts(4, 4),
        money: { before: { charged: 766.67, paid: 500 }, after: { charged: 766.66, paid: 500 } },
        problems: [],
        problemCount: 0,
      },
    ],
    problems: [],
    problemCount: 0,
    ignoredFiles: [],
    missing: [],
  },
};

/** The live stream: `push` sends an event to the page while it is open. */
let push: (event: string, data: unknown) => void = () => {};
let runs: ImportRun[] = [];
const started: unknown[] = [];

beforeEach(() => {
  runs = [];
  started.length = 0;
  confirmMock.mockClear();
  server.use(
    http.get('/api/v1/admin/import/events', () => {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (event, data) => controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
          push('ready', { progress: null });
        },
      });
      return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
    }),
    http.get('/api/v1/admin/import/runs', () => HttpResponse.json({ success: true, runs, nextCursor: null })),
    http.get(`/api/v1/admin/import/runs/${RUN_ID}`, () =>
      HttpResponse.json({
        success: true,
        run: runs.some((r) => r.status === 'done') ? detail : { ...detail, status: 'running', report: null, progress },
      }),
    ),
    http.post('/api/v1/admin/import/uploads', ({ request }) => {
      expect(request.headers.get('content-type')).toBe('application/zip');
      expect(new URL(request.url).searchParams.get('name')).toBe('export.zip');
      return HttpResponse.json({ success: true, upload: UPLOAD }, { status: 201 });
    }),
    http.post('/api/v1/admin/import/runs', async ({ request }) => {
      const body = (await request.json()) as { mode: string };
      started.push(body);
      runs = [run({ mode: body.mode as 'dry-run', status: 'running', finishedAt: null }), ...runs];
      return HttpResponse.json(
        { success: true, message: body.mode === 'dry-run' ? 'Dry run started' : 'Import started', runId: RUN_ID },
        { status: 202 },
      );
    }),
  );
});

const zip = () => new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'export.zip', { type: 'application/zip' });

describe('the import screen', () => {
  it('is for admins only', () => {
    signInStaff(false);
    renderWithProviders(<ImportPage />);
    expect(screen.getByText('Only an admin can do this')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dry run' })).not.toBeInTheDocument();
  });

  it('uploads, dry-runs with live progress, shows the report, and imports only after the dry run, with a confirmation', async () => {
    signInStaff(true);
    const { user } = renderWithProviders(<ImportPage />);
    expect(await screen.findByText('No runs yet')).toBeInTheDocument();
    const dry = screen.getByRole('button', { name: 'Dry run' });
    const imp = screen.getByRole('button', { name: 'Import' });
    expect(dry).toBeDisabled();
    expect(imp).toBeDisabled();
    expect(screen.getByText('Upload a zip of the export first.')).toBeInTheDocument();

    // A file that is not a zip is stopped before it is sent.
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const json = new File(['{}'], 'pets.json', { type: 'application/json' });
    Object.defineProperty(input, 'files', { configurable: true, value: { 0: json, length: 1, item: () => json } });
    fireEvent.change(input);
    Object.defineProperty(input, 'files', { configurable: true, value: undefined });
    delete (input as { files?: unknown }).files;
    expect(await screen.findByText(/Choose a \.zip file/)).toBeInTheDocument();

    await user.upload(input, zip());
    const found = await screen.findByLabelText('What the zip holds');
    expect(within(found).getByText(/holds a mongodump export: 2 collections/)).toBeInTheDocument();
    expect(within(found).getByText('pawshub/pets.bson')).toBeInTheDocument();
    expect(within(found).getByText(/visits\. Nothing of these will be imported/)).toBeInTheDocument();
    expect(within(found).getByText('notes.txt')).toBeInTheDocument();
    expect(dry).toBeEnabled();
    expect(imp).toBeDisabled();
    expect(screen.getByText('Import is possible once a dry run of this upload has finished.')).toBeInTheDocument();

    await user.click(dry);
    await waitFor(() => expect(started).toEqual([{ uploadId: UPLOAD.uploadId, mode: 'dry-run' }]));
    push('progress', progress);
    const live = await screen.findByRole('region', { name: 'Dry run in progress' });
    const rows = within(within(live).getByRole('list', { name: 'Collections' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('owners');
    expect(rows[0]).toHaveTextContent('Done');
    expect(rows[0]).toHaveTextContent('12 read · 11 imported · 3 problems');
    expect(rows[1]).toHaveTextContent('Importing');
    expect(within(rows[1]!).getByRole('progressbar', { name: 'pets: 50%' })).toBeInTheDocument();
    expect(dry).toBeDisabled();
    expect(imp).toBeDisabled();

    runs = [run()];
    push('finished', { runId: RUN_ID, status: 'done', error: null });
    expect(await screen.findByText('Dry run finished: nothing was written')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Dry run in progress' })).not.toBeInTheDocument();
    const money = screen.getByRole('table', { name: 'Money before and after' });
    const wallets = within(money).getByRole('row', { name: /wallets/ });
    expect(within(wallets).getByText('Mismatch')).toBeInTheDocument();
    expect(wallets).toHaveTextContent('₹766.67');
    expect(wallets).toHaveTextContent('₹766.66');
    expect(within(money).queryByRole('row', { name: /owners/ })).not.toBeInTheDocument();
    expect(screen.getByText(/The money of 1 collection does not agree/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'owners — 3 problems' }));
    const problems = await screen.findByRole('table', { name: 'Problems of owners' });
    expect(problems).toHaveTextContent('pawshub/owners.bson at byte 206');
    expect(problems).toHaveTextContent('660002000000000000000001');
    expect(screen.getByRole('button', { name: 'Show all 3 problems' })).toBeInTheDocument();

    await waitFor(() => expect(imp).toBeEnabled());
    expect(dry).toBeEnabled();
    confirmMock.mockResolvedValueOnce(false);
    await user.click(imp);
    expect(confirmMock).toHaveBeenCalledTimes(1);
    expect(started).toHaveLength(1);
    await user.click(imp);
    await waitFor(() =>
      expect(started).toEqual([
        { uploadId: UPLOAD.uploadId, mode: 'dry-run' },
        { uploadId: UPLOAD.uploadId, mode: 'import' },
      ]),
    );
  }, 60_000); // the whole flow clicks through four screens: on two loaded cores it outruns the 20 s default

  it('says why a run was not started', async () => {
    signInStaff(true);
    server.use(
      http.post('/api/v1/admin/import/runs', () =>
        HttpResponse.json({ success: false, message: 'This database already holds 20 owners …' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<ImportPage />);
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, zip());
    await user.click(await screen.findByRole('button', { name: 'Dry run' }));
    const alert = (await screen.findAllByRole('alert')).find((a) => a.textContent?.includes('The run was not started'))!;
    expect(alert).toBeDefined();
    expect(alert).toHaveTextContent('This database already holds 20 owners …');
  });

  it('shows the server’s refusal of an upload', async () => {
    signInStaff(true);
    server.use(
      http.post('/api/v1/admin/import/uploads', () =>
        HttpResponse.json({ success: false, message: 'The zip holds "../x", whose path leaves the folder' }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<ImportPage />);
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, zip());
    const alert = (await screen.findAllByRole('alert')).find((a) => a.textContent?.includes('The upload was refused'))!;
    expect(alert).toBeDefined();
    expect(alert).toHaveTextContent('whose path leaves the folder');
    expect(screen.getByRole('button', { name: 'Dry run' })).toBeDisabled();
  });
});
