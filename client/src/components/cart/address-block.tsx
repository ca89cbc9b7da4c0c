import { useTranslation } from 'react-i18next';
import { graphql } from '../../gql';
import { countryName } from './cart-totals';
import type { AddressLike } from '../../lib/address-fields';
import styles from './address-block.module.css';

/**
 * AddressBlockFragment is what AddressBlock draws of an order's address:
 * the guest's order recap and the studio's order page select it alike.
 */
export const AddressBlockFragment = graphql(`
  fragment AddressBlock_address on Address {
    title
    firstname
    lastname
    address
    address2
    postalCode
    city
    country
    phoneNumber
    vatNumber
  }
`);

/** addressLines are the lines of a postal address as it is written on an envelope, with the phone and VAT number after it. */
export function addressLines(address: AddressLike, locale: string): string[] {
  const name = [address.title, address.firstname, address.lastname].map((s) => s.trim()).filter(Boolean).join(' ');
  const town = [address.postalCode, address.city].map((s) => s.trim()).filter(Boolean).join(' ');
  return [name, address.address, address.address2, town, address.country ? countryName(address.country, locale) : ''].map((s) => s.trim()).filter(Boolean);
}

/**
 * AddressBlock shows a postal address (the buyer's billing or shipping
 * address, a suggested correction), then its phone number and VAT number
 * when given. `inline` draws it in a span, for inside a label.
 */
export function AddressBlock({ address, inline = false }: { address: AddressLike; inline?: boolean }) {
  const { t, i18n } = useTranslation();
  const Tag = inline ? 'span' : 'address';
  return (
    <Tag className={styles.address}>
      {addressLines(address, i18n.language).map((line, index) => (
        <span key={index}>{line}</span>
      ))}
      {address.phoneNumber.trim() && <span className={styles.muted}>{t('checkout.phoneShown', { phone: address.phoneNumber.trim() })}</span>}
      {address.vatNumber.trim() && <span className={styles.muted}>{t('checkout.vatShown', { vat: address.vatNumber.trim() })}</span>}
    </Tag>
  );
}
