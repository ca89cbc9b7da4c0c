import { useTranslation } from 'react-i18next';
import { partLabel } from '../../lib/downloads/download-links';
import styles from './downloads.module.css';

/**
 * DownloadLinks are a ready download's archives, one « Télécharger » button
 * each (« Télécharger (partie 2) » when there are several): shared by the
 * free download's dialog and an order's digital files.
 */
export function DownloadLinks({ links }: { links: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.links}>
      {links.map((href, index) => (
        <li key={href}>
          <a className="button button-primary" href={href} download>
            {partLabel(t, index, links.length)}
          </a>
        </li>
      ))}
    </ul>
  );
}
