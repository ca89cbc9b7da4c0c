import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LanguagePicker } from '../../components/ui/language-picker';
import styles from './landing.module.css';

/** LandingPage is the site root; with ?notFound=<path> it says that no gallery lives there. */
export function LandingPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const notFound = params.get('notFound');
  return (
    <main className={styles.landing} id="main">
      <div className={styles.card}>
        <div className={styles.logo} aria-hidden="true">
          <svg viewBox="0 0 48 48" width="48" height="48">
            <rect x="4" y="10" width="40" height="30" rx="6" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <circle cx="24" cy="25" r="8" fill="none" stroke="currentColor" strokeWidth="2.5" />
            <path d="M16 10l3-4h10l3 4" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
          </svg>
        </div>
        {notFound !== null ? (
          <>
            <h1 className={styles.title}>{t('landing.notFoundTitle')}</h1>
            <p className={styles.lead} role="alert">
              {t('landing.notFound', { path: notFound })}
            </p>
            <p className={styles.text}>{t('landing.notFoundHint')}</p>
          </>
        ) : (
          <>
            <h1 className={styles.title}>{t('landing.title')}</h1>
            <p className={styles.lead}>{t('landing.intro')}</p>
          </>
        )}
        <LanguagePicker className={styles.languages} />
      </div>
    </main>
  );
}
