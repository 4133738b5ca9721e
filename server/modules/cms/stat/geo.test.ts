import { describe, expect, it } from 'vitest';
import { countryOf, loadCountries } from './geo.ts';

describe('countryOf', () => {
  it('finds the country of IPv4 and IPv6 addresses from the local table, none for private ones', async () => {
    await loadCountries();
    // The table's own first rows (1.0.0.0–1.0.0.255 AU, 1.0.1.0–1.0.3.255 CN) and its IPv6 ones.
    expect(countryOf('1.0.0.7')).toBe('AU');
    expect(countryOf('1.0.2.200')).toBe('CN');
    expect(countryOf('::ffff:1.0.2.200')).toBe('CN');
    expect(countryOf('2001:200::1')).toBe('AU');
    expect(countryOf('2001:10::5')).toBe('JP');
    expect(countryOf('10.1.2.3')).toBeNull();
    expect(countryOf('127.0.0.1')).toBeNull();
    expect(countryOf('::1')).toBeNull();
    expect(countryOf('not an address')).toBeNull();
  });

  it('answers a lookup in a few microseconds', async () => {
    await loadCountries();
    const started = performance.now();
    for (let i = 0; i < 100_000; i++) countryOf(`${(i % 223) + 1}.${i % 256}.${(i >> 8) % 256}.1`);
    expect((performance.now() - started) / 100_000).toBeLessThan(0.02);
  });
});
