import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../components/ui/modal';
import { galleryVariables, usePreviewHash } from '../../lib/preview-hash';
import { countryName } from '../../components/cart/cart-totals';
import { TermsSellerQuery } from './checkout-documents';
import styles from './checkout.module.css';

/** TERMS_SECTIONS are the terms of sale's sections, in order (checkout.terms.*). */
const TERMS_SECTIONS = ['seller', 'products', 'prices', 'delivery', 'files', 'withdrawal', 'payment'] as const;

const capital = (key: string) => key[0].toUpperCase() + key.slice(1);

/**
 * TermsOfSale is the « Lire les conditions générales de vente » link next to
 * their checkbox: it opens them in a dialog, so that the review and the
 * choices made stay as they are. The seller is the gallery's photographer.
 */
export function TermsOfSale({ galleryUrl }: { galleryUrl: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const previewHash = usePreviewHash(galleryUrl);
  const { data } = useQuery(TermsSellerQuery, { variables: galleryVariables(galleryUrl, previewHash), skip: !open, context: { silentErrors: true } });
  const seller = data?.gallery.photographer;
  const address = seller ? [seller.street, [seller.postalCode, seller.city].filter(Boolean).join(' '), seller.country ? countryName(seller.country, i18n.language) : ''].filter(Boolean).join(', ') : '';

  return (
    <>
      <button type="button" className={`link-button ${styles.termsLink}`} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('checkout.readTerms')}
      </button>
      {open && (
        <Modal title={t('checkout.termsTitle')} onClose={() => setOpen(false)} size="medium">
          <div className={styles.terms}>
            {TERMS_SECTIONS.map((key) => (
              <section key={key}>
                <h3>{t(`checkout.terms${capital(key)}Title`)}</h3>
                <p>{t(`checkout.terms${capital(key)}`)}</p>
                {key === 'seller' && seller && (
                  <p data-testid="terms-seller">
                    {[seller.name, address, seller.email, seller.website].filter(Boolean).join(' · ')}
                  </p>
                )}
              </section>
            ))}
          </div>
        </Modal>
      )}
    </>
  );
}
