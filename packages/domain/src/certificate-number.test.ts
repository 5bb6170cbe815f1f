import { describe, expect, it } from 'vitest';
import { CERTIFICATE_KINDS, CERTIFICATE_QUERY_TYPES, certificateNumberText, certificateYearOptions, isCertificateSerial } from './certificate-number';

describe('certificateNumberText', () => {
  it.each([
    [2024, '1', '1234', '新(2024)第六师不动产权第0001234号'],
    [2024, '2', '1234', '新(2024)第六师不动产证明第0001234号'],
    ['2024', 1, 1234, '新(2024)第六师不动产权第0001234号'],
    [2020, '1', '1', '新(2020)第六师不动产权第0000001号'],
    [2023, '2', '1234567', '新(2023)第六师不动产证明第1234567号'],
    [2024, '1', ' 0001234 ', '新(2024)第六师不动产权第0001234号'],
  ])('year %s, kind %s, serial %s → %s', (year, kind, serial, expected) => {
    expect(certificateNumberText({ year, kind, serial })).toBe(expected);
  });

  it.each([
    [2024, '3', '1234', /kind/],
    [24, '1', '1234', /year/],
    [2024, '1', '12345678', /serial/],
    [2024, '1', '12a4', /serial/],
    [2024, '1', '', /serial/],
  ])('refuses year %s, kind %s, serial %j', (year, kind, serial, error) => {
    expect(() => certificateNumberText({ year, kind, serial })).toThrow(error);
  });

  it.each([
    ['1234', true],
    ['1234567', true],
    [1, true],
    ['12345678', false],
    ['12 34', false],
    ['', false],
  ])('serial %j printable: %s', (serial, expected) => expect(isCertificateSerial(serial)).toBe(expected));

  it('kinds 1 不动产权 and 2 不动产证明; query types 1 and 2', () => {
    expect(CERTIFICATE_KINDS).toEqual({ '1': '不动产权', '2': '不动产证明' });
    expect(Object.keys(CERTIFICATE_QUERY_TYPES)).toEqual(['1', '2']);
  });
});

describe('certificateYearOptions', () => {
  it('is the current year and the nine before, newest first', () => {
    expect(certificateYearOptions(new Date(2024, 5, 1))).toEqual([2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017, 2016, 2015]);
  });

  it('follows the clock: 1 January belongs to the new year', () => {
    const years = certificateYearOptions(new Date(2026, 0, 1));
    expect(years).toHaveLength(10);
    expect(years[0]).toBe(2026);
    expect(years[9]).toBe(2017);
  });

  it('defaults to now', () => {
    expect(certificateYearOptions()[0]).toBe(new Date().getFullYear());
  });
});
