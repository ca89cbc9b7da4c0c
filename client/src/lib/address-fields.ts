// The address form's values and rules: what the buyer types, what the API
// takes (AddressInput) and answers (Address), and the fields the form
// requires before sending.
import type { AddressInput } from '../gql/graphql';

/** AddressValues are an address as the form holds it: every field a string. */
export interface AddressValues {
  /** Monsieur or Madame; empty until chosen. */
  title: string;
  firstname: string;
  /** A name or a company. */
  lastname: string;
  address: string;
  address2: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phoneNumber: string;
  vatNumber: string;
}

/** AddressField names a field of an address. */
export type AddressField = keyof AddressValues;

/** AddressPart is the address a field belongs to, as the server's userErrors name it (["billing", "postalCode"]). */
export type AddressPart = 'billing' | 'shipping';

/** TITLES are the titles the server accepts; '' is « Non précisé » (the civilité is optional). */
export const TITLES = ['Monsieur', 'Madame', ''] as const;

/** REQUIRED_FIELDS are the fields an address cannot go without (address2 and vatNumber are optional). */
export const REQUIRED_FIELDS: readonly AddressField[] = ['firstname', 'lastname', 'address', 'postalCode', 'city', 'country', 'phoneNumber'];

/** emptyAddress is a blank address in a country. */
export function emptyAddress(country: string): AddressValues {
  return { title: '', firstname: '', lastname: '', address: '', address2: '', postalCode: '', city: '', country, phoneNumber: '', vatNumber: '' };
}

/** AddressLike is an Address answered by the API (or AddressValues). */
export type AddressLike = { [K in AddressField]: string };

/** fromAddress copies an API address into form values (without __typename). */
export function fromAddress(address: AddressLike): AddressValues {
  return {
    title: (TITLES as readonly string[]).includes(address.title) ? address.title : '',
    firstname: address.firstname,
    lastname: address.lastname,
    address: address.address,
    address2: address.address2,
    postalCode: address.postalCode,
    city: address.city,
    country: address.country,
    phoneNumber: address.phoneNumber,
    vatNumber: address.vatNumber,
  };
}

/** toAddressInput is what setClientData takes: every field trimmed, the optional ones as empty strings when blank. */
export function toAddressInput(values: AddressValues): AddressInput {
  return {
    title: values.title,
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    address: values.address.trim(),
    address2: values.address2.trim(),
    postalCode: values.postalCode.trim(),
    city: values.city.trim(),
    country: values.country,
    phoneNumber: values.phoneNumber.trim(),
    vatNumber: values.vatNumber.trim(),
  };
}

/** fieldKey is the key of a field's error: "billing.postalCode", as the server's field path joined with dots. */
export function fieldKey(part: AddressPart, field: AddressField): string {
  return `${part}.${field}`;
}

/** missingFields lists the keys of the required fields left blank in an address. */
export function missingFields(part: AddressPart, values: AddressValues): string[] {
  return REQUIRED_FIELDS.filter((f) => values[f].trim() === '').map((f) => fieldKey(part, f));
}
