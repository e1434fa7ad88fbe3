import { describe, expect, it } from 'vitest';
import { homePathOf } from './home-redirect';

describe('the home of each account', () => {
  it('is the console for the master account and the dashboard for the others', () => {
    expect(homePathOf('master')).toBe('/app/clients');
    expect(homePathOf('client')).toBe('/app/dashboard/main');
    expect(homePathOf('user')).toBe('/app/dashboard/main');
  });
});
