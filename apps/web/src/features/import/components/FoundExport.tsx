import { Alert, List, Stack, Table, Text } from '@mantine/core';
import type { ImportUpload } from '@pawdesk/shared/import/admin-schemas';
import { IconAlertTriangle } from '@tabler/icons-react';
import { TableHead } from '../../../components/TableHead';
import { formatBytes } from '../import-logic';

const KIND: Record<ImportUpload['kind'], string> = {
  mongodump: 'a mongodump export',
  mongoexport: 'a mongoexport export',
  mixed: 'an export of mongodump and mongoexport files',
};

/** What the uploaded zip holds: its collections with their sizes, files not read, collections missing. */
export function FoundExport({ upload }: { upload: ImportUpload }) {
  const total = upload.files.reduce((n, f) => n + f.bytes, 0);
  return (
    <Stack gap="sm" aria-label="What the zip holds">
      <Text size="sm">
        <Text span fw={600}>
          {upload.fileName ?? 'The zip'}
        </Text>{' '}
        holds {KIND[upload.kind]}: {upload.files.length} {upload.files.length === 1 ? 'collection' : 'collections'},{' '}
        {formatBytes(total)}.
      </Text>
      <Table.ScrollContainer minWidth={300} maxHeight={300}>
        <Table striped stickyHeader fz="sm" aria-label="Collections in the export">
          <TableHead columns={['Collection and file', { label: 'Size', ta: 'right' }]} />
          <Table.Tbody>
            {upload.files.map((f) => (
              <Table.Tr key={f.collection}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {f.collection}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {f.name}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatBytes(f.bytes)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {upload.missing.length > 0 ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Not in the export">
          <Text size="sm">
            {upload.missing.join(', ')}. Nothing of these will be imported: export them too, unless they were empty.
          </Text>
        </Alert>
      ) : null}
      {upload.ignored.length > 0 ? (
        <div>
          <Text size="sm" fw={500}>
            Files that are not read
          </Text>
          <List size="sm" spacing={2}>
            {upload.ignored.map((f) => (
              <List.Item key={f.name}>
                <Text span size="sm" style={{ wordBreak: 'break-all' }}>
                  {f.name}
                </Text>
                <Text span size="sm" c="dimmed">
                  {' '}
                  — {f.reason}
                </Text>
              </List.Item>
            ))}
          </List>
        </div>
      ) : null}
    </Stack>
  );
}
