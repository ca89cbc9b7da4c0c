import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/ui/form-field';
import { getFragmentData } from '../../gql';
import { UserErrorFieldsFragment } from '../../lib/user-error-fields';
import { CreateSelectionMutation, MySelectionsQuery, SELECTION_NAME_MAX, SelectionFieldsFragment } from './selection-documents';
import styles from './selections.module.css';

/** CreatedSelection is what the form hands back once the server made the selection. */
export interface CreatedSelection {
  id: string;
  name: string;
}

/** nameError checks a selection name as the server will (spec §5), or returns undefined. */
export function nameError(name: string): 'selections.nameRequired' | 'selections.nameTooLong' | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'selections.nameRequired';
  if ([...trimmed].length > SELECTION_NAME_MAX) return 'selections.nameTooLong';
  return undefined;
}

/**
 * CreateSelectionForm names and creates a selection. The name is checked
 * before sending; the server's userErrors appear under the field. Without a
 * confirmed e-mail the error link asks for one and sends the call again.
 */
export function CreateSelectionForm({ galleryId, onCreated }: { galleryId: string; onCreated?: (selection: CreatedSelection) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [create, { loading }] = useMutation(CreateSelectionMutation, {
    refetchQueries: [{ query: MySelectionsQuery, variables: { galleryId } }],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = nameError(name);
    if (local) {
      setError(t(local));
      return;
    }
    setError(undefined);
    try {
      const result = await create({ variables: { input: { galleryId, name: name.trim() } } });
      const payload = result.data?.createSelection;
      const problem = getFragmentData(UserErrorFieldsFragment, payload?.userErrors)?.[0];
      if (problem) {
        setError(problem.message || t(problem.code === 'too_long' ? 'selections.nameTooLong' : 'selections.nameRequired'));
        return;
      }
      const created = getFragmentData(SelectionFieldsFragment, payload?.selection);
      if (created) {
        setName('');
        onCreated?.({ id: created.id, name: created.name });
      }
    } catch {
      // The error link told the visitor (a toast, or the e-mail dialog).
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormField
        label={t('selections.nameLabel')}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          if (error) setError(undefined);
        }}
        error={error}
        maxLength={SELECTION_NAME_MAX * 2}
        autoComplete="off"
      />
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={loading}>
          {t('selections.createSubmit')}
        </button>
      </div>
    </form>
  );
}
