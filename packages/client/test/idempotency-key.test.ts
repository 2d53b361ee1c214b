import { newIdempotencyKey } from '../src/index';

// The keys the client makes carry the time they were made (UUIDv7, RFC 9562), which the service
// reads after a restore of its data to tell a key whose answer it may have lost from a new one.
describe('newIdempotencyKey', () => {
  it('is a UUIDv7 whose first 48 bits are the time it was made, the rest random', () => {
    const made = Date.parse('2026-12-02T04:10:00.123Z');
    const keys = Array.from({ length: 200 }, () => newIdempotencyKey(made));
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(Number.parseInt(key.replace(/-/g, '').slice(0, 12), 16)).toBe(made);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('orders as its times do', () => {
    const [earlier, later] = [newIdempotencyKey(Date.parse('2026-12-01T23:59:59.999Z')), newIdempotencyKey(Date.parse('2026-12-02T00:00:00Z'))];
    expect(earlier < later).toBe(true);
  });
});
