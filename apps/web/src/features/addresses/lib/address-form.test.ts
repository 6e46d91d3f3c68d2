import { describe, expect, it } from 'vitest';
import { addressBody, EMPTY_ADDRESS_FORM } from './address-form';
import { joinFullName, splitFullName } from './full-name';

const STORED = {
  _id: 'a'.repeat(24),
  firstname: 'Mary Ann',
  lastname: 'Smith',
  Email: 'mary@example.com',
  phone: '07700900123',
  address: '1 High Street',
  address2: 'Flat 3',
  city: 'York',
  postcode: 'YO1 7HH',
};

describe('the full name', () => {
  it.each([
    ['Mary Ann Smith', { firstname: 'Mary Ann', lastname: 'Smith' }],
    ['  Cher ', { firstname: 'Cher', lastname: '' }],
    ['Ada   Lovelace', { firstname: 'Ada', lastname: 'Lovelace' }],
  ])('%s splits into first and last name', (full, parts) => {
    expect(splitFullName(full)).toEqual(parts);
    expect(joinFullName(parts.firstname, parts.lastname)).toBe(full.trim().replace(/\s+/g, ' '));
  });
});

describe('the address form body', () => {
  it('sends what was typed for a new address', () => {
    const body = addressBody({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '07700 900123',
      address: '12 Row',
      city: 'London',
      postcode: 'SW1A 1AA',
    });
    expect(body).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      Email: 'ada@example.com',
      phone: '07700 900123',
      address: '12 Row',
      address2: '',
      city: 'London',
      postcode: 'SW1A 1AA',
    });
  });

  it('keeps the stored value of every field left blank on edit', () => {
    expect(addressBody({ ...EMPTY_ADDRESS_FORM, city: 'Leeds' }, STORED)).toEqual({
      firstname: 'Mary Ann',
      lastname: 'Smith',
      Email: 'mary@example.com',
      phone: '07700900123',
      address: '1 High Street',
      address2: 'Flat 3',
      city: 'Leeds',
      postcode: 'YO1 7HH',
    });
  });
});
