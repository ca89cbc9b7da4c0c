import { useMutation, useQuery } from '@apollo/client/react';
import { Fragment, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import type { StudioCatalogueQuery as CatalogueData } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import {
  CatalogueCreateCategoryMutation,
  CatalogueCreateDiscountMutation,
  CatalogueCreateFamilyMutation,
  CatalogueCreateFormatMutation,
  CatalogueDeleteDiscountMutation,
  CatalogueDeliveryOptionsMutation,
  CatalogueSetShippingRatesMutation,
  CatalogueUpdateFormatMutation,
  CatalogueUpdatePickupMutation,
  StudioCatalogueGalleriesQuery,
  StudioCataloguePreviewQuery,
  StudioCatalogueQuery,
} from './catalogue-documents';
import { DRAFT_KEY, euros, parseEuros, sampleLines, sampleLinesWith } from './catalogue-draft';
import { CopyCatalogueAction } from './catalogue-copy';
import { PacksSection } from './catalogue-packs';
import { amountError, Feedback, PreviewPanel, run2, useDebounced, useSave, type Errors } from './catalogue-shared';
import cs from './catalogue.module.css';
import styles from './studio.module.css';

type Catalogue = CatalogueData['studioCatalogue'];

const SECTIONS = ['prints', 'special_papers', 'wall_decor', 'digital', 'other'] as const;

/** CataloguePage is /studio/catalogue: a gallery's price list and offers, with a preview of their effect on a sample cart before saving. */
export function CataloguePage() {
  const { t } = useTranslation();
  const { data, error } = useQuery(StudioCatalogueGalleriesQuery, { fetchPolicy: 'cache-and-network' });
  const galleries = data?.studioGalleries.edges?.flatMap((e) => (e?.node ? [e.node] : [])) ?? [];
  const [picked, setPicked] = useState('');
  const galleryId = picked || galleries[0]?.id || '';
  return (
    <>
      <div className={styles.pageHead}>
        <h1>{t('studioCatalogue.title')}</h1>
        {galleries.length > 0 && (
          <label className={cs.inline}>
            {t('studioCatalogue.gallery')}
            <select className={styles.select} value={galleryId} onChange={(e) => setPicked(e.target.value)} name="gallery">
              {galleries.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.eventName}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <p className={styles.muted}>{t('studioCatalogue.intro')}</p>
      {error && !data && <p className={styles.error}>{t('studio.error')}</p>}
      {!data && !error && <Spinner label={t('common.loading')} block />}
      {data && galleries.length === 0 && <p className={styles.muted}>{t('studioCatalogue.noGallery')}</p>}
      {galleryId && <CatalogueEditor key={galleryId} galleryId={galleryId} />}
    </>
  );
}

function CatalogueEditor({ galleryId }: { galleryId: string }) {
  const { t } = useTranslation();
  const { data, error, refetch } = useQuery(StudioCatalogueQuery, { variables: { galleryId }, fetchPolicy: 'cache-and-network' });
  const reload = () => void refetch();
  const [copied, setCopied] = useState(false);
  if (error && !data) return <p className={styles.error}>{t('studio.error')}</p>;
  if (!data) return <Spinner label={t('common.loading')} block />;
  const cat = data.studioCatalogue;
  const empty = !cat.categories.length && !cat.families.length && !cat.formats.length && !cat.packs.length && !cat.discounts.length;
  // The sections start again once a copy fills the shop (their pickers default to its first family).
  return (
    <Fragment key={empty ? 'empty' : 'filled'}>
      {empty && (
        <CopyCatalogueAction
          galleryId={galleryId}
          onCopied={() => {
            setCopied(true);
            reload();
          }}
        />
      )}
      {copied && !empty && (
        <p className={styles.notice} role="status">
          {t('catalogueCopy.done')}
        </p>
      )}
      <NewFormatSection cat={cat} onSaved={reload} />
      <FormatsSection cat={cat} onSaved={reload} />
      <CategoriesSection cat={cat} onSaved={reload} />
      <PacksSection cat={cat} onSaved={reload} />
      <DiscountsSection cat={cat} onSaved={reload} />
      <DeliverySection cat={cat} onSaved={reload} />
    </Fragment>
  );
}

function NewFormatSection({ cat, onSaved }: { cat: Catalogue; onSaved: () => void }) {
  const { t } = useTranslation();
  const [familyId, setFamilyId] = useState(cat.families[0]?.id ?? '');
  const [name, setName] = useState('');
  const [shortSize, setShort] = useState('');
  const [longSize, setLong] = useState('');
  const [price, setPrice] = useState('');
  const [kind, setKind] = useState<'print' | 'digital'>('print');
  const [quality, setQuality] = useState<'web' | 'hd'>('hd');
  const [galleryPrice, setGalleryPrice] = useState('');
  const [create, { loading }] = useMutation(CatalogueCreateFormatMutation);
  const { errors, setErrors, notice, run } = useSave(onSaved);
  const priceError = price ? amountError(price, t) : '';
  const decimal = parseEuros(price);
  const draftName = name.trim() || (shortSize && longSize ? `${shortSize} x ${longSize}` : t('studioCatalogue.newFormat'));
  const debounced = useDebounced(decimal);
  const preview = useQuery(StudioCataloguePreviewQuery, {
    skip: debounced === null,
    variables: {
      input: {
        galleryId: cat.galleryId,
        formats: [{ key: DRAFT_KEY, name: draftName, unitPrice: debounced ?? '0', kind }],
        lines: sampleLines(cat.formats, true),
      },
    },
    fetchPolicy: 'network-only',
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Errors = {};
    if (!familyId) local.familyId = t('studioCatalogue.familyRequired');
    const pe = amountError(price, t);
    if (pe) local.unitPrice = pe;
    const ge = kind === 'digital' ? amountError(galleryPrice, t, true) : '';
    if (ge) local.galleryPrice = ge;
    if (kind === 'print' && (!(Number(shortSize.replace(',', '.')) > 0) || !(Number(longSize.replace(',', '.')) > 0))) local.shortSize = t('studioCatalogue.sizeRequired');
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    const ok = await run(async () => {
      const { data } = await create({
        variables: {
          input: {
            galleryId: cat.galleryId,
            familyId,
            name: name.trim(),
            kind,
            unitPrice: decimal ?? '0',
            ...(kind === 'print'
              ? { shortSize: Number(shortSize.replace(',', '.')), longSize: Number(longSize.replace(',', '.')) }
              : { digitalQuality: quality, ...(galleryPrice.trim() ? { galleryPrice: parseEuros(galleryPrice) } : {}) }),
          },
        },
      });
      return data?.createFormat;
    }, t('studioCatalogue.formatSaved'));
    if (ok) {
      setName('');
      setShort('');
      setLong('');
      setPrice('');
      setGalleryPrice('');
    }
  };
  return (
    <section className={styles.card} aria-labelledby="cat-new-format">
      <h2 id="cat-new-format">{t('studioCatalogue.newFormat')}</h2>
      {cat.families.length === 0 ? (
        <p className={styles.muted}>{t('studioCatalogue.needFamily')}</p>
      ) : (
        <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
          <div className={cs.grid}>
            <label className={styles.form}>
              {t('studioCatalogue.family')}
              <select className={styles.select} name="familyId" value={familyId} onChange={(e) => setFamilyId(e.target.value)}>
                {cat.families.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </select>
            </label>
            <label className={styles.form}>
              {t('studioCatalogue.kind')}
              <select className={styles.select} name="kind" value={kind} onChange={(e) => setKind(e.target.value === 'digital' ? 'digital' : 'print')}>
                <option value="print">{t('studioCatalogue.kindPrint')}</option>
                <option value="digital">{t('studioCatalogue.kindDigital')}</option>
              </select>
            </label>
            <FormField label={t('studioCatalogue.name')} name="name" value={name} maxLength={120} error={errors.name} hint={t('studioCatalogue.nameHint')} onChange={(e) => setName(e.target.value)} />
            {kind === 'print' ? (
              <>
                <FormField label={t('studioCatalogue.shortSize')} name="shortSize" inputMode="decimal" value={shortSize} error={errors.shortSize} onChange={(e) => setShort(e.target.value)} />
                <FormField label={t('studioCatalogue.longSize')} name="longSize" inputMode="decimal" value={longSize} error={errors.longSize} onChange={(e) => setLong(e.target.value)} />
              </>
            ) : (
              <>
                <label className={styles.form}>
                  {t('studioCatalogue.quality')}
                  <select className={styles.select} name="digitalQuality" value={quality} onChange={(e) => setQuality(e.target.value === 'web' ? 'web' : 'hd')}>
                    <option value="hd">HD</option>
                    <option value="web">Web</option>
                  </select>
                </label>
                <FormField label={t('studioCatalogue.galleryPrice')} name="galleryPrice" inputMode="decimal" value={galleryPrice} error={errors.galleryPrice} hint={t('studioCatalogue.galleryPriceHint')} onChange={(e) => setGalleryPrice(e.target.value)} />
              </>
            )}
            <FormField label={t('studioCatalogue.price')} name="unitPrice" inputMode="decimal" value={price} error={errors.unitPrice ?? priceError} onChange={(e) => setPrice(e.target.value)} />
          </div>
          <PreviewPanel result={preview.data?.studioCataloguePreview} />
          <Feedback errors={errors.name || errors.unitPrice || errors.shortSize || errors.galleryPrice ? {} : errors} notice={notice} />
          <div className={styles.actions}>
            <button type="submit" className={styles.primary} disabled={loading}>
              {t('studioCatalogue.saveFormat')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function FormatsSection({ cat, onSaved }: { cat: Catalogue; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const { errors, notice, run } = useSave(onSaved);
  const [update] = useMutation(CatalogueUpdateFormatMutation);
  const [prices, setPrices] = useState<Record<string, string>>({});
  // The format whose price was typed last: its draft price is previewed.
  const [edited, setEdited] = useState('');
  const editedFormat = cat.formats.find((f) => f.id === edited);
  const typedPrice = editedFormat ? parseEuros(prices[edited] ?? '') : null;
  const key = useDebounced(editedFormat && typedPrice !== null && typedPrice !== editedFormat.unitPrice.amount ? `${typedPrice} ${editedFormat.id}` : null);
  const draft = key === null ? null : { unitPrice: key.slice(0, key.indexOf(' ')), id: key.slice(key.indexOf(' ') + 1) };
  const preview = useQuery(StudioCataloguePreviewQuery, {
    skip: draft === null,
    variables: {
      input: {
        galleryId: cat.galleryId,
        formats: draft ? [{ key: draft.id, formatId: draft.id, unitPrice: draft.unitPrice }] : [],
        lines: draft ? sampleLinesWith(cat.formats, [draft.id]) : [],
      },
    },
    fetchPolicy: 'network-only',
  });
  const family = (id: string) => cat.families.find((f) => f.id === id)?.name ?? '';
  const save = (formatId: string, input: { unitPrice?: string; withdrawn?: boolean }, done: string) =>
    run(async () => (await update({ variables: { input: { formatId, ...input } } })).data?.updateFormat, done);
  return (
    <section className={styles.card} aria-labelledby="cat-formats">
      <h2 id="cat-formats">{t('studioCatalogue.formats')}</h2>
      {cat.formats.length === 0 && <p className={styles.muted}>{t('studioCatalogue.noFormat')}</p>}
      {cat.formats.length > 0 && (
        <div className={cs.scroll}>
          <table className={cs.table}>
            <thead>
              <tr>
                <th>{t('studioCatalogue.name')}</th>
                <th>{t('studioCatalogue.family')}</th>
                <th>{t('studioCatalogue.price')}</th>
                <th>{t('studioCatalogue.status')}</th>
              </tr>
            </thead>
            <tbody>
              {cat.formats.map((f) => {
                const typed = prices[f.id] ?? euros(f.unitPrice.amount);
                return (
                  <tr key={f.id} className={f.withdrawn ? cs.withdrawn : ''} data-format={f.name}>
                    <td>
                      {f.name}
                      {f.kind === 'digital' && ` · ${f.digitalQuality === 'web' ? 'Web' : 'HD'}`}
                      {f.galleryPrice && ` · ${t('studioCatalogue.wholeGallery')} ${formatMoney(f.galleryPrice, i18n.language)}`}
                    </td>
                    <td>{family(f.family.id)}</td>
                    <td>
                      <span className={cs.inline}>
                        <input className={cs.small} aria-label={t('studioCatalogue.priceOf', { name: f.name })} inputMode="decimal" value={typed} onChange={(e) => {
                            setPrices({ ...prices, [f.id]: e.target.value });
                            setEdited(f.id);
                          }}
                        />
                        <button
                          type="button"
                          className={styles.secondary}
                          onClick={() => {
                            const d = parseEuros(typed);
                            if (d === null) return;
                            void save(f.id, { unitPrice: d }, t('studioCatalogue.priceSaved'));
                          }}
                          disabled={parseEuros(typed) === null || parseEuros(typed) === f.unitPrice.amount}
                        >
                          {t('studio.save')}
                        </button>
                      </span>
                      {amountError(typed, t) && <span className={styles.error}>{amountError(typed, t)}</span>}
                    </td>
                    <td>
                      <span className={cs.inline}>
                        {f.withdrawn ? t('studioCatalogue.withdrawn') : t('studioCatalogue.onSale')}
                        <button type="button" className={styles.secondary} onClick={() => void save(f.id, { withdrawn: !f.withdrawn }, f.withdrawn ? t('studioCatalogue.enabled') : t('studioCatalogue.withdrawnDone'))}>
                          {f.withdrawn ? t('studioCatalogue.enable') : t('studioCatalogue.withdraw')}
                        </button>
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {draft && editedFormat && (
        <>
          <p className={styles.muted}>{t('studioCatalogue.previewOf', { name: editedFormat.name })}</p>
          <PreviewPanel result={preview.data?.studioCataloguePreview} edited={[draft.id]} />
        </>
      )}
      <Feedback errors={errors} notice={notice} />
    </section>
  );
}

function CategoriesSection({ cat, onSaved }: { cat: Catalogue; onSaved: () => void }) {
  const { t } = useTranslation();
  const catSave = useSave(onSaved);
  const famSave = useSave(onSaved);
  const [createCategory] = useMutation(CatalogueCreateCategoryMutation);
  const [createFamily] = useMutation(CatalogueCreateFamilyMutation);
  const [catName, setCatName] = useState('');
  const [section, setSection] = useState<(typeof SECTIONS)[number]>('prints');
  const [famName, setFamName] = useState('');
  const [famCat, setFamCat] = useState('');
  const [finishes, setFinishes] = useState(false);
  const [borders, setBorders] = useState(false);
  const categoryId = famCat || cat.categories[0]?.id || '';
  return (
    <section className={styles.card} aria-labelledby="cat-categories">
      <h2 id="cat-categories">{t('studioCatalogue.categories')}</h2>
      <ul>
        {cat.categories.map((c) => (
          <li key={c.id}>
            <strong>{c.name}</strong> ({t(`studioCatalogue.section_${c.section}`)}) :{' '}
            {cat.families
              .filter((f) => f.category.id === c.id)
              .map((f) => f.name + (f.matGlossOption ? ` (${t('studioCatalogue.finishes')})` : '') + (f.whiteBordersOption ? ` (${t('studioCatalogue.borders')})` : ''))
              .join(', ') || '—'}
          </li>
        ))}
      </ul>
      <form
        className={cs.grid}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!catName.trim()) return catSave.setErrors({ name: t('studioCatalogue.nameRequired') });
          void run2(catSave.run, async () => (await createCategory({ variables: { input: { galleryId: cat.galleryId, name: catName, section } } })).data?.createCategory, t('studioCatalogue.categorySaved'), () => setCatName(''));
        }}
      >
        <FormField label={t('studioCatalogue.categoryName')} name="categoryName" maxLength={120} value={catName} error={catSave.errors.name} onChange={(e) => setCatName(e.target.value)} />
        <label className={styles.form}>
          {t('studioCatalogue.section')}
          <select className={styles.select} value={section} onChange={(e) => setSection(SECTIONS.find((s) => s === e.target.value) ?? 'prints')}>
            {SECTIONS.map((s) => (
              <option key={s} value={s}>
                {t(`studioCatalogue.section_${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={styles.secondary}>
          {t('studioCatalogue.addCategory')}
        </button>
      </form>
      <Feedback errors={catSave.errors.name ? {} : catSave.errors} notice={catSave.notice} />
      {cat.categories.length > 0 && (
        <form
          className={cs.grid}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!famName.trim()) return famSave.setErrors({ name: t('studioCatalogue.nameRequired') });
            void run2(
              famSave.run,
              async () => (await createFamily({ variables: { input: { galleryId: cat.galleryId, categoryId, name: famName, matGlossOption: finishes, whiteBordersOption: borders } } })).data?.createFamily,
              t('studioCatalogue.familySaved'),
              () => setFamName(''),
            );
          }}
        >
          <label className={styles.form}>
            {t('studioCatalogue.category')}
            <select className={styles.select} value={categoryId} onChange={(e) => setFamCat(e.target.value)}>
              {cat.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <FormField label={t('studioCatalogue.familyName')} name="familyName" maxLength={120} value={famName} error={famSave.errors.name} onChange={(e) => setFamName(e.target.value)} />
          <label className={cs.inline}>
            <input type="checkbox" checked={finishes} onChange={(e) => setFinishes(e.target.checked)} /> {t('studioCatalogue.finishesOption')}
          </label>
          <label className={cs.inline}>
            <input type="checkbox" checked={borders} onChange={(e) => setBorders(e.target.checked)} /> {t('studioCatalogue.bordersOption')}
          </label>
          <button type="submit" className={styles.secondary}>
            {t('studioCatalogue.addFamily')}
          </button>
        </form>
      )}
      <Feedback errors={famSave.errors.name ? {} : famSave.errors} notice={famSave.notice} />
    </section>
  );
}

function DiscountsSection({ cat, onSaved }: { cat: Catalogue; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const { errors, setErrors, notice, run } = useSave(onSaved);
  const [create] = useMutation(CatalogueCreateDiscountMutation);
  const [remove] = useMutation(CatalogueDeleteDiscountMutation);
  const [threshold, setThreshold] = useState('');
  const [percent, setPercent] = useState('');
  return (
    <section className={styles.card} aria-labelledby="cat-discounts">
      <h2 id="cat-discounts">{t('studioCatalogue.discounts')}</h2>
      <ul>
        {cat.discounts.map((d) => (
          <li key={d.id} className={cs.inline}>
            {t('studioCatalogue.discountLine', { percent: d.percent, threshold: formatMoney(d.threshold, i18n.language) })}
            <button type="button" className={styles.secondary} onClick={() => void run(async () => (await remove({ variables: { input: { discountId: d.id } } })).data?.deleteDiscount, t('studioCatalogue.discountRemoved'))}>
              {t('studioCatalogue.remove')}
            </button>
          </li>
        ))}
      </ul>
      <form
        className={cs.grid}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const te = amountError(threshold, t);
          const p = Number(percent);
          if (te || !Number.isInteger(p) || p < 1 || p > 100) return setErrors({ ...(te ? { threshold: te } : {}), ...(!Number.isInteger(p) || p < 1 || p > 100 ? { percent: t('studioCatalogue.percentRange') } : {}) });
          void run2(run, async () => (await create({ variables: { input: { galleryId: cat.galleryId, threshold: parseEuros(threshold) ?? '0', percent: p } } })).data?.createDiscount, t('studioCatalogue.discountSaved'), () => {
            setThreshold('');
            setPercent('');
          });
        }}
      >
        <FormField label={t('studioCatalogue.threshold')} name="threshold" inputMode="decimal" value={threshold} error={errors.threshold} onChange={(e) => setThreshold(e.target.value)} />
        <FormField label={t('studioCatalogue.percent')} name="percent" inputMode="numeric" value={percent} error={errors.percent} onChange={(e) => setPercent(e.target.value)} />
        <button type="submit" className={styles.secondary}>
          {t('studioCatalogue.addDiscount')}
        </button>
      </form>
      <Feedback errors={errors.threshold || errors.percent ? {} : errors} notice={notice} />
    </section>
  );
}

interface RateRow {
  zone: string;
  countries: string;
  lab: string;
  price: string;
  freeFrom: string;
}

function DeliverySection({ cat, onSaved }: { cat: Catalogue; onSaved: () => void }) {
  const { t } = useTranslation();
  const rates = useSave(onSaved);
  const delivery = useSave(onSaved);
  const [setRates] = useMutation(CatalogueSetShippingRatesMutation);
  const [setOptions] = useMutation(CatalogueDeliveryOptionsMutation);
  const [rows, setRows] = useState<RateRow[]>(() =>
    cat.shippingRates.map((r) => ({ zone: r.zone, countries: r.countries.join(', '), lab: r.lab, price: euros(r.price.amount), freeFrom: r.freeFrom ? euros(r.freeFrom.amount) : '' })),
  );
  const [options, setOpts] = useState<string[]>([...cat.deliveryOptions]);
  const edit = (i: number, k: keyof RateRow, v: string) => setRows(rows.map((r, j) => (j === i ? { ...r, [k]: v } : r)));
  const saveRates = () => {
    const local: Errors = {};
    rows.forEach((r) => {
      const e = amountError(r.price, t) || amountError(r.freeFrom, t, true);
      if (e) local.price = e;
      if (!r.zone.trim()) local.zone = t('studioCatalogue.nameRequired');
    });
    if (Object.keys(local).length) return rates.setErrors(local);
    const input = rows.map((r) => ({
      zone: r.zone,
      lab: r.lab,
      countries: r.countries.split(/[\s,;]+/).filter(Boolean),
      price: parseEuros(r.price) ?? '0',
      ...(r.freeFrom.trim() ? { freeFrom: parseEuros(r.freeFrom) } : {}),
    }));
    void rates.run(async () => (await setRates({ variables: { input: { rates: input } } })).data?.setShippingRates, t('studioCatalogue.ratesSaved'));
  };
  const toggle = (o: string) => setOpts(options.includes(o) ? options.filter((x) => x !== o) : [...options, o]);
  return (
    <section className={styles.card} aria-labelledby="cat-delivery">
      <h2 id="cat-delivery">{t('studioCatalogue.delivery')}</h2>
      <p className={styles.muted}>{t('studioCatalogue.ratesIntro')}</p>
      {rows.map((r, i) => (
        <div key={i} className={cs.grid}>
          <FormField label={t('studioCatalogue.zone')} value={r.zone} maxLength={120} onChange={(e) => edit(i, 'zone', e.target.value)} />
          <FormField label={t('studioCatalogue.countries')} value={r.countries} hint={t('studioCatalogue.countriesHint')} onChange={(e) => edit(i, 'countries', e.target.value)} />
          <FormField label={t('studioCatalogue.lab')} value={r.lab} maxLength={120} onChange={(e) => edit(i, 'lab', e.target.value)} />
          <FormField label={t('studioCatalogue.ratePrice')} inputMode="decimal" value={r.price} onChange={(e) => edit(i, 'price', e.target.value)} />
          <FormField label={t('studioCatalogue.freeFrom')} inputMode="decimal" value={r.freeFrom} onChange={(e) => edit(i, 'freeFrom', e.target.value)} />
          <button type="button" className={styles.secondary} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
            {t('studioCatalogue.remove')}
          </button>
        </div>
      ))}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={() => setRows([...rows, { zone: '', countries: '', lab: '', price: '', freeFrom: '' }])}>
          {t('studioCatalogue.addRate')}
        </button>
        <button type="button" className={styles.primary} onClick={saveRates}>
          {t('studioCatalogue.saveRates')}
        </button>
      </div>
      <Feedback errors={rates.errors} notice={rates.notice} />
      <h3>{t('studioCatalogue.options')}</h3>
      <div className={cs.inline}>
        <label className={cs.inline}>
          <input type="checkbox" checked={options.includes('shipping')} onChange={() => toggle('shipping')} /> {t('studioCatalogue.optionShipping')}
        </label>
        <label className={cs.inline}>
          <input type="checkbox" checked={options.includes('pickup')} onChange={() => toggle('pickup')} /> {t('studioCatalogue.optionPickup')}
        </label>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => {
            if (options.length === 0) return delivery.setErrors({ deliveryOptions: t('studioCatalogue.optionRequired') });
            void delivery.run(async () => (await setOptions({ variables: { input: { galleryId: cat.galleryId, settings: { deliveryOptions: options } } } })).data?.updateGallery, t('studioCatalogue.optionsSaved'));
          }}
        >
          {t('studio.save')}
        </button>
      </div>
      <Feedback errors={delivery.errors} notice={delivery.notice} />
      <PickupForm cat={cat} onSaved={onSaved} />
    </section>
  );
}

/** PickupForm edits the studio's address where pickup orders are collected (shared by every gallery). */
function PickupForm({ cat, onSaved }: { cat: Catalogue; onSaved: () => void }) {
  const { t } = useTranslation();
  const { errors, notice, run } = useSave(onSaved);
  const [update, { loading }] = useMutation(CatalogueUpdatePickupMutation);
  const [street, setStreet] = useState(cat.pickupStreet);
  const [postalCode, setPostalCode] = useState(cat.pickupPostalCode);
  const [city, setCity] = useState(cat.pickupCity);
  const unchanged = street === cat.pickupStreet && postalCode === cat.pickupPostalCode && city === cat.pickupCity;
  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby="cat-pickup"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => (await update({ variables: { input: { street, postalCode, city } } })).data?.updateStudioPickup, t('studioCatalogue.pickupSaved'));
      }}
    >
      <h3 id="cat-pickup">{t('studioCatalogue.pickupTitle')}</h3>
      <p className={styles.muted} data-testid="pickup-address">
        {t('studioCatalogue.pickupAddress', { address: cat.pickupAddress })}
      </p>
      <div className={cs.grid}>
        <FormField label={t('studioCatalogue.pickupStreet')} name="pickupStreet" maxLength={200} autoComplete="street-address" value={street} error={errors.street} onChange={(e) => setStreet(e.target.value)} />
        <FormField label={t('studioCatalogue.pickupPostalCode')} name="pickupPostalCode" maxLength={20} autoComplete="postal-code" value={postalCode} error={errors.postalCode} onChange={(e) => setPostalCode(e.target.value)} />
        <FormField label={t('studioCatalogue.pickupCity')} name="pickupCity" maxLength={100} autoComplete="address-level2" value={city} error={errors.city} onChange={(e) => setCity(e.target.value)} />
      </div>
      <Feedback errors={errors.street || errors.postalCode || errors.city ? {} : errors} notice={notice} />
      <div className={styles.actions}>
        <button type="submit" className={styles.secondary} disabled={loading || unchanged}>
          {t('studioCatalogue.savePickup')}
        </button>
      </div>
    </form>
  );
}
