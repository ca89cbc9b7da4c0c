import { useTranslation } from 'react-i18next';
import type { AccessMode } from './access-mode';
import styles from './studio.module.css';

const MODES: [AccessMode, string][] = [
  ['public', 'studio.accessPublic'],
  ['code', 'studio.accessCode'],
  ['codeEmail', 'studio.accessCodeEmail'],
];

/** AccessModeField is the choice of a gallery's access: public, code, or code and e-mail. */
export function AccessModeField({ value, onChange }: { value: AccessMode; onChange: (mode: AccessMode) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.radios}>
      <legend>{t('studio.accessMode')}</legend>
      {MODES.map(([mode, label]) => (
        <label key={mode} className={styles.check}>
          <input type="radio" name="access-mode" value={mode} checked={value === mode} onChange={() => onChange(mode)} />
          {t(label)}
        </label>
      ))}
    </fieldset>
  );
}
