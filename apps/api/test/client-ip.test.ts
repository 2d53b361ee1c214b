import { maskIp } from '@companion/http-kit';

describe('maskIp', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::/48'],
    ['2001:db8::1', '2001:db8:0::/48'],
    ['::1', '0:0:0::/48'],
    ['not-an-ip', 'masked'],
  ])('masks %s as %s', (ip, masked) => {
    expect(maskIp(ip)).toBe(masked);
  });
});
