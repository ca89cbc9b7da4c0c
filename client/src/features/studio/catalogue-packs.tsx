// The catalogue screen's packs: each pack with its content (prints and
// digital files), renamed, withdrawn, or its content and price edited with
// their effect on a sample cart before saving (updatePack), with what it
// tells and gives the guests (catalogue-pack-offer.tsx); new packs
// (createPack).
import { useMutation, useQuery } from '@apollo/client/react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/ui/form-field';
import type { StudioCatalogueQuery as CatalogueData, CreatePackInput, PreviewPackInput, UpdatePackInput } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { CatalogueCreatePackMutation, CatalogueUpdatePackMutation, StudioCataloguePreviewQuery } from './catalogue-documents';
import { euros, packContentInput, parseEuros, sampleLinesWith, type PackContent, type PackFileRow, type PackPrintRow } from './catalogue-draft';
import { countriesOnField, EMPTY_OFFER, OFFER_FIELDS, offerChanges, offerOf, PackOfferFields, withoutFields, type PackOffer } from './catalogue-pack-offer';
import { amountError, Feedback, PreviewPanel, run2, useDebounced, useSave, type Errors } from './catalogue-shared';
import cs from './catalogue.module.css';
import styles from './studio.module.css';

type Catalogue = CatalogueData['studioCatalogue'];
type Pack = Catalogue['packs'][number];

/** packChanges is what the editor changes in a saved pack, as updatePack's input: the fields that differ, nothing else. */
export function packChanges(pack: Pack, unitPrice: string, content: PackContent, offer: PackOffer): UpdatePackInput {
  const input: UpdatePackInput = { packId: pack.id, ...offerChanges(offerOf(pack), offer) };
  if (Number(unitPrice) !== Number(pack.unitPrice.amount)) input.unitPrice = unitPrice;
  const saved: PackContent = {
    formats: pack.formats.map((f) => ({ formatId: f.format.id, quantity: f.quantity, photos: f.photos })),
    digitalFiles: pack.digitalFiles.map((f) => ({ formatId: f.format.id, quantity: f.quantity })),
  };
  if (JSON.stringify(content) !== JSON.stringify(saved)) Object.assign(input, content);
  return input;
}

/** packSummary lists a pack's content: « 10 × 10 x 15, 1 × Fichier HD ». */
function packSummary(p: Pack): string {
  return [...p.formats, ...p.digitalFiles].map((c) => `${String(c.quantity)} × ${c.format.name}`).join(', ');
}

/** PacksSection lists the gallery's packs (renamed, withdrawn, edited in place) and adds new ones. */
export function PacksSection({ cat, onSaved }: { cat: Catalogue; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const { errors, notice, run } = useSave(onSaved);
  const [updatePack] = useMutation(CatalogueUpdatePackMutation);
  const [names, setNames] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState('');
  return (
    <section className={styles.card} aria-labelledby="cat-packs">
      <h2 id="cat-packs">{t('studioCatalogue.packs')}</h2>
      {cat.packs.length === 0 && <p className={styles.muted}>{t('studioCatalogue.noPack')}</p>}
      <ul className={cs.packs}>
        {cat.packs.map((p) => (
          <li key={p.id} className={p.withdrawn ? cs.withdrawn : ''} data-pack={p.displayName}>
            <span className={cs.inline}>
              <input className={cs.small} aria-label={t('studioCatalogue.packName')} maxLength={120} value={names[p.id] ?? p.displayName} onChange={(e) => setNames({ ...names, [p.id]: e.target.value })} />
              <button
                type="button"
                className={styles.secondary}
                disabled={(names[p.id] ?? p.displayName) === p.displayName}
                onClick={() => void run(async () => (await updatePack({ variables: { input: { packId: p.id, displayName: names[p.id] ?? p.displayName } } })).data?.updatePack, t('studioCatalogue.packRenamed'))}
              >
                {t('studioCatalogue.rename')}
              </button>
              <strong>{formatMoney(p.unitPrice, i18n.language)}</strong>
              <button type="button" className={styles.secondary} onClick={() => void run(async () => (await updatePack({ variables: { input: { packId: p.id, withdrawn: !p.withdrawn } } })).data?.updatePack, p.withdrawn ? t('studioCatalogue.enabled') : t('studioCatalogue.withdrawnDone'))}>
                {p.withdrawn ? t('studioCatalogue.enable') : t('studioCatalogue.withdraw')}
              </button>
              <button type="button" className={styles.secondary} aria-expanded={editing === p.id} onClick={() => setEditing(editing === p.id ? '' : p.id)}>
                {editing === p.id ? t('studioCatalogue.closeEditor') : t('studioCatalogue.editPack')}
              </button>
            </span>
            <p className={cs.packContent}>
              {t('studioCatalogue.packHolds')} {packSummary(p) || t('studioCatalogue.packEmpty')}
            </p>
            {editing === p.id && <PackEditor cat={cat} pack={p} onSaved={onSaved} />}
          </li>
        ))}
      </ul>
      <Feedback errors={errors} notice={notice} />
      <NewPackForm cat={cat} onSaved={onSaved} />
    </section>
  );
}

/** NewPackForm creates a pack: its name, price, first print format and what it tells and gives the guests. */
export function NewPackForm({ cat, onSaved }: { cat: Catalogue; onSaved: () => void }) {
  const { t } = useTranslation();
  const { errors, setErrors, notice, run } = useSave(onSaved);
  const [createPack] = useMutation(CatalogueCreatePackMutation);
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [offer, setOffer] = useState<PackOffer>(EMPTY_OFFER);
  const [created, setCreated] = useState(0);
  const prints = cat.formats.filter((f) => f.kind === 'print' && !f.withdrawn);
  const [formatId, setFormatId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const chosen = formatId || prints[0]?.id || '';
  const create = (e: FormEvent) => {
    e.preventDefault();
    const local: Errors = {};
    if (!name.trim()) local.displayName = t('studioCatalogue.nameRequired');
    const pe = amountError(price, t);
    if (pe) local.unitPrice = pe;
    const q = Number(quantity);
    if (!Number.isInteger(q) || q < 1 || q > 1000) local.quantity = t('studioCatalogue.quantityRange');
    if (Object.keys(local).length) return setErrors(local);
    const input: CreatePackInput = {
      galleryId: cat.galleryId,
      pack: name,
      displayName: name,
      unitPrice: parseEuros(price) ?? '0',
      formats: chosen ? [{ formatId: chosen, quantity: q, photos: q }] : [],
      ...offerChanges(EMPTY_OFFER, offer),
    };
    void run2(run, async () => countriesOnField((await createPack({ variables: { input } })).data?.createPack), t('studioCatalogue.packSaved'), () => {
      setName('');
      setPrice('');
      setOffer(EMPTY_OFFER);
      setCreated(created + 1);
    });
  };
  return (
    <>
      <h3>{t('studioCatalogue.newPack')}</h3>
      <form className={cs.grid} noValidate onSubmit={create} aria-label={t('studioCatalogue.newPack')}>
        <FormField label={t('studioCatalogue.packName')} name="packName" maxLength={120} value={name} error={errors.displayName ?? errors.pack} onChange={(e) => setName(e.target.value)} />
        <FormField label={t('studioCatalogue.price')} name="packPrice" inputMode="decimal" value={price} error={errors.unitPrice} onChange={(e) => setPrice(e.target.value)} />
        <label className={styles.form}>
          {t('studioCatalogue.packContent')}
          <select className={styles.select} value={chosen} onChange={(e) => setFormatId(e.target.value)}>
            {prints.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
        <FormField label={t('studioCatalogue.quantity')} name="packQuantity" inputMode="numeric" value={quantity} error={errors.quantity} onChange={(e) => setQuantity(e.target.value)} />
        <div className={cs.wide}>
          <PackOfferFields key={created} value={offer} onChange={setOffer} errors={errors} />
        </div>
        <button type="submit" className={styles.secondary}>
          {t('studioCatalogue.addPack')}
        </button>
      </form>
      <Feedback errors={withoutFields(errors, [...OFFER_FIELDS, 'displayName', 'pack', 'unitPrice', 'quantity'])} notice={notice} />
    </>
  );
}

/** PackEditor edits a saved pack's price and content, priced on a sample cart (the pack and a few formats) before saving. */
export function PackEditor({ cat, pack, onSaved }: { cat: Catalogue; pack: Pack; onSaved: () => void }) {
  const { t } = useTranslation();
  const { errors, notice, run } = useSave(onSaved);
  const [update, { loading }] = useMutation(CatalogueUpdatePackMutation);
  const [price, setPrice] = useState(euros(pack.unitPrice.amount));
  const [offer, setOffer] = useState(() => offerOf(pack));
  const [prints, setPrints] = useState<PackPrintRow[]>(() => pack.formats.map((f) => ({ formatId: f.format.id, quantity: String(f.quantity), photos: String(f.photos) })));
  const [files, setFiles] = useState<PackFileRow[]>(() => pack.digitalFiles.map((f) => ({ formatId: f.format.id, quantity: String(f.quantity) })));
  // Formats on sale, and those the pack already holds even when withdrawn.
  const offered = (kind: string, held: ReadonlyArray<{ formatId: string }>) => cat.formats.filter((f) => f.kind === kind && (!f.withdrawn || held.some((h) => h.formatId === f.id)));
  const printFormats = offered('print', prints);
  const fileFormats = offered('digital', files);
  const { content, problems } = packContentInput(prints, files);
  const priceError = amountError(price, t);
  const unitPrice = parseEuros(price);
  const typed: PreviewPackInput | null = content && unitPrice !== null ? { packId: pack.id, unitPrice, ...content } : null;
  const key = useDebounced(typed ? JSON.stringify(typed) : null);
  const draft = useMemo(() => (key === null ? null : (JSON.parse(key) as PreviewPackInput)), [key]);
  const preview = useQuery(StudioCataloguePreviewQuery, {
    skip: draft === null,
    variables: {
      input: {
        galleryId: cat.galleryId,
        packs: draft ? [draft] : [],
        lines: sampleLinesWith(cat.formats, [pack.id], 4),
      },
    },
    fetchPolicy: 'network-only',
  });
  const problem = (key: string) => (problems[key] ? t(problems[key]) : undefined);
  const changes = content && unitPrice !== null ? packChanges(pack, unitPrice, content, offer) : null;
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!changes) return;
    void run(async () => countriesOnField((await update({ variables: { input: changes } })).data?.updatePack), t('studioCatalogue.packContentSaved'));
  };
  const label = (key: string, i: number) => `${t(key)} ${String(i + 1)}`;
  return (
    <form className={`${styles.form} ${cs.packEditor}`} noValidate onSubmit={save} aria-label={t('studioCatalogue.editPackOf', { name: pack.displayName })}>
      <FormField label={t('studioCatalogue.price')} name="packEditPrice" inputMode="decimal" value={price} error={priceError || errors.unitPrice} onChange={(e) => setPrice(e.target.value)} />
      <PackOfferFields value={offer} onChange={setOffer} errors={errors} />
      <h4>{t('studioCatalogue.packPrints')}</h4>
      {prints.length === 0 && <p className={styles.muted}>{t('studioCatalogue.packNoPrint')}</p>}
      {prints.map((r, i) => (
        <div key={i} className={cs.grid}>
          <label className={styles.form}>
            {label('studioCatalogue.packPrintFormat', i)}
            <select className={styles.select} value={r.formatId} onChange={(e) => setPrints(prints.map((x, j) => (j === i ? { ...x, formatId: e.target.value } : x)))}>
              {!r.formatId && <option value="">—</option>}
              {printFormats.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
          </label>
          <FormField label={t('studioCatalogue.packPrintQuantity')} inputMode="numeric" value={r.quantity} error={problem(`formats.${String(i)}.quantity`) ?? problem(`formats.${String(i)}.formatId`)} onChange={(e) => setPrints(prints.map((x, j) => (j === i ? { ...x, quantity: e.target.value } : x)))} />
          <FormField label={t('studioCatalogue.packPhotos')} inputMode="numeric" value={r.photos} hint={t('studioCatalogue.packPhotosHint')} error={problem(`formats.${String(i)}.photos`)} onChange={(e) => setPrints(prints.map((x, j) => (j === i ? { ...x, photos: e.target.value } : x)))} />
          <button type="button" className={styles.secondary} onClick={() => setPrints(prints.filter((_, j) => j !== i))}>
            {t('studioCatalogue.remove')}
          </button>
        </div>
      ))}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} disabled={printFormats.length === 0} onClick={() => setPrints([...prints, { formatId: printFormats[0]?.id ?? '', quantity: '1', photos: '1' }])}>
          {t('studioCatalogue.addPackPrint')}
        </button>
      </div>
      <h4>{t('studioCatalogue.packFiles')}</h4>
      {files.length === 0 && <p className={styles.muted}>{t('studioCatalogue.packNoFile')}</p>}
      {files.map((r, i) => (
        <div key={i} className={cs.grid}>
          <label className={styles.form}>
            {label('studioCatalogue.packFileFormat', i)}
            <select className={styles.select} value={r.formatId} onChange={(e) => setFiles(files.map((x, j) => (j === i ? { ...x, formatId: e.target.value } : x)))}>
              {!r.formatId && <option value="">—</option>}
              {fileFormats.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </select>
          </label>
          <FormField label={t('studioCatalogue.packFileQuantity')} inputMode="numeric" value={r.quantity} error={problem(`digitalFiles.${String(i)}.quantity`) ?? problem(`digitalFiles.${String(i)}.formatId`)} onChange={(e) => setFiles(files.map((x, j) => (j === i ? { ...x, quantity: e.target.value } : x)))} />
          <button type="button" className={styles.secondary} onClick={() => setFiles(files.filter((_, j) => j !== i))}>
            {t('studioCatalogue.remove')}
          </button>
        </div>
      ))}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} disabled={fileFormats.length === 0} onClick={() => setFiles([...files, { formatId: fileFormats[0]?.id ?? '', quantity: '1' }])}>
          {t('studioCatalogue.addPackFile')}
        </button>
      </div>
      <PreviewPanel result={preview.data?.studioCataloguePreview} edited={[pack.id]} />
      <Feedback errors={withoutFields(errors, [...OFFER_FIELDS, 'unitPrice'])} notice={notice} />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={loading || !changes || Object.keys(changes).length === 1}>
          {t('studioCatalogue.savePack')}
        </button>
      </div>
    </form>
  );
}
