import { describe, expect, it } from 'vitest';
import { addressBody, addressFieldErrors, EMPTY_ADDRESS_FORM } from './address-form';
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

describe("the server's refusal, put under its fields", () => {
  it.each([
    {
      name: 'a post code',
      message: 'postcode: Please enter a UK post code such as SW1A 1AA',
      want: { postcode: 'Please enter a UK post code such as SW1A 1AA' },
    },
    {
      name: 'two fields, the full name sent as a first name',
      message: 'firstname: First name is required; phone: Please enter a phone number of 10 to 15 digits',
      want: { fullName: 'First name is required', phone: 'Please enter a phone number of 10 to 15 digits' },
    },
    { name: 'the e-mail', message: 'Email: Please enter a valid email address', want: { email: 'Please enter a valid email address' } },
    { name: 'no field named', message: 'Too many requests; try again later', want: { form: 'Too many requests; try again later' } },
    { name: 'a field the form does not have', message: 'role: Unrecognized key', want: { form: 'role: Unrecognized key' } },
  ])('$name', ({ message, want }) => {
    expect(addressFieldErrors({ message })).toEqual(want);
  });

  it('reads the fields a body names', () => {
    expect(addressFieldErrors({ message: 'Invalid', fields: { city: 'Town/City is required', other: 'x' } })).toEqual({
      city: 'Town/City is required',
      form: 'x',
    });
  });
});
