import { describe, expect, it } from 'vitest';
import { afterLogin, sameSitePath } from './auth';

describe('after login: back to the page the user wanted, only on this site and in their own area', () => {
  it.each([
    ['customer', '/customer/seeappointment?date=2026-12-01#top', '/customer/seeappointment?date=2026-12-01#top'],
    ['customer', '/customer/bookservice', '/customer/bookservice'],
    ['staff', '/staff/onlinecustomerappointment?date=2026-12-01', '/staff/onlinecustomerappointment?date=2026-12-01'],
    // Another area's page: the role's dashboard.
    ['customer', '/staff/users', '/customer/dashboard'],
    ['staff', '/customer/profile', '/staff/dashboard'],
    // Never another site.
    ['customer', '//evil.example/customer/x', '/customer/dashboard'],
    ['customer', '/\\evil.example/customer', '/customer/dashboard'],
    ['customer', '/customer\\..\\x', '/customer/dashboard'],
    ['customer', 'https://evil.example/customer/profile', '/customer/dashboard'],
    ['customer', 'javascript:alert(1)', '/customer/dashboard'],
    ['customer', '/customer/profile\n', '/customer/dashboard'],
    ['customer', undefined, '/customer/dashboard'],
    ['customer', { pathname: '/customer/profile' }, '/customer/dashboard'],
  ] as const)('%s from %j → %s', (role, from, to) => expect(afterLogin(role, from)).toBe(to));

  it('keeps only same-site paths', () => {
    expect(sameSitePath('/customer/profile?x=1')).toBe('/customer/profile?x=1');
    expect(sameSitePath('customer/profile')).toBeNull();
    expect(sameSitePath('//x')).toBeNull();
    expect(sameSitePath(`/${'a'.repeat(3000)}`)).toBeNull();
  });
});
