import { Button, Stack } from '@mantine/core';
import type { StaffUser } from '@pawdesk/shared';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { AdminOnlyState, RequireAdmin } from '../../../components/AdminOnly';
import { confirm } from '../../../components/confirm';
import { PageHeader } from '../../../components/PageHeader';
import { DownloadDataCard } from '../../../components/account/DownloadDataCard';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { auth, useAuth } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { useUsers } from '../api/get-users';
import { useLogoutUser } from '../api/logout-user';
import { useUpdateUser } from '../api/update-user';
import { CreateUserModal } from '../components/CreateUserModal';
import { PasswordModal } from '../components/PasswordModal';
import { type UserAction, UserCard } from '../components/UserCard';
import { LoadMore } from '../../../components/LoadMore';

const TITLE = 'Staff accounts';
const SUBTITLE = 'Who can sign in to the back office. Disabled accounts and ended sessions stop working within seconds.';
const ADMIN_HINT = 'Ask an administrator to create or change staff accounts.';

/** The confirmation of each change, and the change it makes. */
function plan(action: Exclude<UserAction, 'password' | 'logout'>, u: StaffUser) {
  switch (action) {
    case 'disable':
      return {
        body: { disabled: true },
        ask: {
          title: 'Disable account',
          message: `Disable ${u.fullName}? They are signed out at once and cannot sign in until the account is enabled again.`,
          confirmLabel: 'Disable',
          danger: true,
        },
      };
    case 'enable':
      return { body: { disabled: false }, ask: null };
    case 'makeAdmin':
      return {
        body: { isAdmin: true },
        ask: {
          title: 'Make admin',
          message: `Make ${u.fullName} an admin? Admins manage staff accounts, prices and plans.`,
          confirmLabel: 'Make admin',
        },
      };
    case 'removeAdmin':
      return {
        body: { isAdmin: false },
        ask: {
          title: 'Remove admin',
          message: `Remove the admin rights of ${u.fullName}? They stay a staff member.`,
          confirmLabel: 'Remove admin',
          danger: true,
        },
      };
  }
}

function UserManager() {
  const { user: me } = useAuth();
  const list = useUsers();
  const update = useUpdateUser();
  const logout = useLogoutUser();
  const [creating, setCreating] = useState(false);
  const [passwordFor, setPasswordFor] = useState<StaffUser | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  /** After a change that ended the caller's own sessions: sign out here too. */
  const endOwnSession = (message: string) => {
    notify.info(`${message} Please log in again.`);
    auth.signOut();
  };

  const act = async (u: StaffUser, action: UserAction) => {
    if (action === 'password') return setPasswordFor(u);
    const self = u._id === me?.id;
    if (action === 'logout') {
      const ok = await confirm({
        title: 'Log out everywhere',
        message: self
          ? 'Sign yourself out on every device, this one included?'
          : `Sign ${u.fullName} out on every device? They can sign in again with their password.`,
        confirmLabel: 'Log out everywhere',
        danger: true,
      });
      if (!ok) return;
    }
    const change = action === 'logout' ? null : plan(action, u);
    if (change?.ask && !(await confirm(change.ask))) return;
    setBusy(u._id);
    try {
      const res = change ? await update.mutateAsync({ id: u._id, body: change.body }) : await logout.mutateAsync(u._id);
      if (self && action === 'logout') return endOwnSession(res.message);
      notify.success(action === 'logout' ? res.message : `${res.message}: ${res.user.fullName}`);
    } catch (err) {
      notify.error(errorMessage(err, 'Could not change the account'));
    } finally {
      setBusy(null);
    }
  };

  const users = list.data?.pages.flatMap((p) => p.users) ?? [];
  let body: React.ReactNode;
  if (list.isPending) {
    body = <LoadingState label="Loading staff accounts..." />;
  } else if (list.isError) {
    body =
      list.error instanceof ApiError && list.error.status === 403 ? (
        <AdminOnlyState hint={ADMIN_HINT} />
      ) : (
        <ErrorState title="Could not load the staff accounts" message={list.error.message} onRetry={() => list.refetch()} />
      );
  } else if (users.length === 0) {
    body = (
      <EmptyState icon={<IconUsers size={26} />} title="No staff accounts" hint="Create the first one with New staff account." />
    );
  } else {
    body = (
      <Stack gap="sm">
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Staff accounts">
          {users.map((u) => (
            <UserCard key={u._id} user={u} isSelf={u._id === me?.id} busy={busy === u._id} onAction={(a) => act(u, a)} />
          ))}
        </Stack>
        <LoadMore q={list} />
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={SUBTITLE}
        actions={
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setCreating(true)}>
            New staff account
          </Button>
        }
      />
      <Stack gap="lg">
        {body}
        <DownloadDataCard
          title="All data"
          description="Every table as spreadsheet (CSV) and JSON files, and every photo, in one zip: the business's data in a form any program can read. Passwords, sessions and reset links are left out. Every download is recorded in the audit log."
          buttonLabel="Download all data"
          path="/admin/export"
          fallbackName="pawdesk-export.zip"
        />
      </Stack>
      <CreateUserModal opened={creating} onClose={() => setCreating(false)} />
      <PasswordModal
        user={passwordFor}
        onDone={(message) => {
          const self = passwordFor?._id === me?.id;
          setPasswordFor(null);
          if (message && self) endOwnSession(message);
          else if (message) notify.success(message);
        }}
      />
    </>
  );
}

/** `/staff/users`: admins create staff accounts, disable them, make admins, set passwords and end sessions. */
export default function UsersPage() {
  return (
    <RequireAdmin
      fallback={
        <>
          <PageHeader title={TITLE} subtitle={SUBTITLE} />
          <AdminOnlyState hint={ADMIN_HINT} />
        </>
      }
    >
      <UserManager />
    </RequireAdmin>
  );
}
