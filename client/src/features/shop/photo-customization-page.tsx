import { useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ReadOnlyNote, useReadOnly } from '../../lib/read-only';
import { galleryPath } from '../../lib/route-table';
import { PageMessage } from '../../components/ui/page-message';
import { getFragmentData } from '../../gql';
import type { PhotoProductsQuery as PhotoProductsData } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { AddDigitalFileMutation, CartFieldsFragment, CartPhotoItemFieldsFragment, CartQuery, RemoveDigitalFileMutation, SetPrintMutation } from '../../lib/cart/cart-documents';
import { cartErrorMessage, cropInput, settleCartCall } from '../../lib/cart/cart-calls';
import { QuantityStepper } from '../../components/cart/quantity-stepper';
import { useCartGalleryId } from '../../lib/cart/use-cart';
import { notify } from '../../lib/notification-store';
import { LoadState } from './load-state';
import { multiplyMoney } from './money-math';
import { initialPrintValue, PrintOptionsPanel, PrintPreview, type PrintValue } from './print-options-panel';
import { FreeDownloadEntry } from '../../components/downloads/free-download-entry';
import { useFreeFiles } from '../../components/downloads/free-files';
import { printQuality } from './print-dpi';
import { withPhoto } from './products-page';
import { PhotoProductsQuery, ShopPhotoQuery } from './shop-documents';
import { ShopTopBar } from './shop-top-bar';
import styles from './shop.module.css';

type PhotoProduct = PhotoProductsData['photoProducts'][number];

/** PhotoForCustomization is the photo being customized. */
interface PhotoForCustomization {
  id: string;
  filename: string;
  width: number;
  height: number;
  urls: { viewer: string; thumbnail: string };
}

/** PrintStart is where the customization starts: the chosen format, and for an edit the cart item's options. */
interface PrintStart {
  formatId?: string;
  value?: Partial<PrintValue>;
  quantity?: number;
  cartItemId?: string;
}

/**
 * PrintCustomizer chooses the format (among those of the category that
 * suit the photo), finish, border, crop and quantity of a print, shows the
 * price (unit × quantity), and adds it to the cart, or updates the cart
 * item when editing one.
 */
function PrintCustomizer({
  galleryId,
  galleryUrl,
  photo,
  products,
  start,
}: {
  galleryId: string;
  galleryUrl: string;
  photo: PhotoForCustomization;
  products: PhotoProduct[];
  start: PrintStart;
}) {
  const { t, i18n } = useTranslation();
  const readOnly = useReadOnly();
  const navigate = useNavigate();
  // Sizes the photo has too few pixels for (under 100 dpi) are shown, not offered.
  const tooLow = (p: PhotoProduct) => printQuality(photo, p.format).level === 'too-low';
  const offered = products.filter((p) => !tooLow(p));
  const first = offered.find((p) => p.format.id === start.formatId) ?? offered[0] ?? products[0];
  const [formatId, setFormatId] = useState(first.format.id);
  const [value, setValue] = useState<PrintValue>(() => initialPrintValue(first, first.format, photo, start.value));
  const [quantity, setQuantity] = useState(start.quantity ?? 1);
  const [problem, setProblem] = useState<string>();
  const [setPrint, { loading }] = useMutation(SetPrintMutation);
  const product = products.find((p) => p.format.id === formatId) ?? first;
  const editing = Boolean(start.cartItemId);
  const alt = t('gallery.photoAlt', { filename: photo.filename });
  const cart = galleryPath(galleryUrl, 'cartContent');

  const chooseFormat = (id: string) => {
    const next = products.find((p) => p.format.id === id);
    if (!next) return;
    setFormatId(id);
    setValue((current) => initialPrintValue(next, next.format, photo, current));
    setProblem(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    const done = await settleCartCall(
      setPrint({
        variables: {
          input: {
            galleryId,
            photoId: photo.id,
            formatId: product.format.id,
            ...(start.cartItemId ? { cartItemId: start.cartItemId } : {}),
            finish: value.finish,
            border: value.border,
            crop: cropInput(value.crop),
            quantity,
          },
        },
      }),
      (d) => d.setPrint,
      t,
      (error) => setProblem(cartErrorMessage(error, t)),
    );
    if (!done) return;
    if (editing) {
      notify({ type: 'success', message: t('shop.printUpdated') });
      navigate(cart);
    } else {
      notify({ type: 'success', message: t('shop.addedToCart'), actions: [{ label: t('shop.viewCart'), onClick: () => navigate(cart) }] });
    }
  };

  const total = multiplyMoney(product.format.unitPrice, quantity);
  // The print's resolution: of the crop when there is one, else of the whole photo.
  const quality = printQuality(value.crop ?? photo, product.format);
  return (
    <form className={styles.customizer} onSubmit={submit} noValidate>
      <div className={styles.previewColumn}>
        <PrintPreview
          photo={photo}
          src={photo.urls.viewer}
          alt={alt}
          format={product.format}
          value={value}
          onCropChange={(crop) => setValue((current) => ({ ...current, crop }))}
        />
      </div>
      <div className={styles.panel}>
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>{t('shop.chooseFormat')}</legend>
          {products.map((p) => {
            const q = printQuality(photo, p.format);
            const disabled = q.level === 'too-low';
            return (
              <label key={p.format.id} className={`${styles.choice} ${styles.formatChoice}`} data-disabled={disabled || undefined}>
                <input
                  type="radio"
                  name="format"
                  value={p.format.id}
                  checked={p.format.id === product.format.id}
                  disabled={disabled}
                  aria-describedby={disabled ? `too-low-${p.format.id}` : undefined}
                  onChange={() => chooseFormat(p.format.id)}
                />
                <span className={styles.choiceName}>{p.format.name}</span>
                <span className={styles.price}>{formatMoney(p.format.unitPrice, i18n.language)}</span>
                {disabled && (
                  <span id={`too-low-${p.format.id}`} className={styles.choiceReason}>
                    {t('shop.resolutionTooLowShort', { dpi: q.dpi })}
                  </span>
                )}
              </label>
            );
          })}
        </fieldset>
        {quality.level === 'low' && (
          <p className={styles.warning} role="status" data-testid="print-quality">
            {t('shop.resolutionLow', { dpi: quality.dpi })}
          </p>
        )}
        {quality.level === 'too-low' && (
          <p className={styles.error} role="alert" data-testid="print-quality">
            {t('shop.resolutionTooLow', { dpi: quality.dpi })}
          </p>
        )}
        <PrintOptionsPanel photo={photo} format={product.format} offer={product} value={value} onChange={setValue} />
        <div className={styles.quantityRow}>
          <span className={styles.legend} aria-hidden="true">
            {t('shop.quantity')}
          </span>
          <QuantityStepper name={product.format.name} value={quantity} onChange={setQuantity} />
        </div>
        <div className={styles.totalLine}>
          <span>{t('shop.unitTimesQuantity', { quantity, price: formatMoney(product.format.unitPrice, i18n.language) })}</span>
          <strong className={styles.price} data-testid="print-total">
            {formatMoney(total, i18n.language)}
          </strong>
        </div>
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.submitBar}>
          <button
            type="submit"
            className="button button-primary"
            disabled={loading || readOnly || quality.level === 'too-low'}
            aria-describedby={readOnly ? 'print-read-only' : undefined}
          >
            {editing ? t('shop.update') : t('shop.addToCart')}
          </button>
          <ReadOnlyNote id="print-read-only" />
        </div>
      </div>
    </form>
  );
}

/**
 * DigitalChooser offers the photo's digital files of a category: each
 * format with its price, added to the cart or taken out; a format the cart
 * already holds for the whole gallery says so.
 */
function DigitalChooser({ galleryId, galleryUrl, photo, products }: { galleryId: string; galleryUrl: string; photo: PhotoForCustomization; products: PhotoProduct[] }) {
  const { t, i18n } = useTranslation();
  const readOnly = useReadOnly();
  const navigate = useNavigate();
  const { data } = useQuery(CartQuery, { variables: { galleryId }, context: { silentErrors: true } });
  const cart = getFragmentData(CartFieldsFragment, data?.cart);
  const [add, { loading: adding }] = useMutation(AddDigitalFileMutation);
  const [remove, { loading: removing }] = useMutation(RemoveDigitalFileMutation);
  const inCart = (formatId: string) => cart?.photos.some((p) => p.kind === 'digital_file' && p.photoId === photo.id && p.format.id === formatId) ?? false;
  const wholeGallery = (formatId: string) => cart?.allDigitalFileFormats.some((a) => a.format.id === formatId) ?? false;
  const input = (formatId: string) => ({ galleryId, photoId: photo.id, formatId });
  const cartPath = galleryPath(galleryUrl, 'cartContent');

  return (
    <div className={styles.customizer}>
      <div className={styles.previewColumn}>
        <div className={styles.paperStage}>
          <img className={styles.digitalImage} src={photo.urls.viewer} alt={t('gallery.photoAlt', { filename: photo.filename })} />
        </div>
      </div>
      <div className={styles.panel}>
        <p className={styles.muted}>{t('shop.digitalDelivery')}</p>
        <ul className={styles.rows}>
          {products.map((p) => {
            const name = p.format.name;
            return (
              <li key={p.format.id} className={styles.row}>
                <span className={styles.rowName}>
                  {name}
                  {p.format.digitalQuality && <span className={styles.muted}> · {t(p.format.digitalQuality === 'hd' ? 'shop.qualityHd' : 'shop.qualityWeb')}</span>}
                </span>
                <span className={styles.price}>{formatMoney(p.format.unitPrice, i18n.language)}</span>
                {wholeGallery(p.format.id) ? (
                  <span className={styles.muted}>{t('shop.coveredByAllGallery')}</span>
                ) : inCart(p.format.id) ? (
                  <button
                    type="button"
                    className="button button-outline button-small"
                    disabled={removing}
                    aria-label={t('shop.removeFileNamed', { name })}
                    onClick={() => void settleCartCall(remove({ variables: { input: input(p.format.id) } }), (d) => d.removeDigitalFile, t)}
                  >
                    {t('shop.removeFile')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="button button-primary button-small"
                    disabled={adding || readOnly}
                    aria-label={t('shop.addFileNamed', { name })}
                    onClick={async () => {
                      if (await settleCartCall(add({ variables: { input: input(p.format.id) } }), (d) => d.addDigitalFile, t)) {
                        notify({ type: 'success', message: t('shop.addedToCart'), actions: [{ label: t('shop.viewCart'), onClick: () => navigate(cartPath) }] });
                      }
                    }}
                  >
                    {t('shop.addToCart')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

/**
 * PhotoCustomizationPage customizes a product for one photo
 * (photos/{photoId}/{categoryId}, the format chosen by ?format=), or edits a
 * print of the cart (photos/{photoId}/edit/{cartItemId}, prefilled from the
 * item). It offers the category's formats that suit the photo (the server
 * leaves out those its resolution is too low for); digital categories offer
 * the photo's files instead.
 */
export function PhotoCustomizationPage({ edit = false }: { edit?: boolean }) {
  const { t } = useTranslation();
  const { galleryId: galleryUrl = '', photoId = '', categoryId: categoryParam = '', cartItemId = '' } = useParams();
  const [search] = useSearchParams();
  const galleryId = useCartGalleryId(galleryUrl);
  const photoQuery = useQuery(ShopPhotoQuery, { variables: { photoId }, context: { silentErrors: true } });
  const productsQuery = useQuery(PhotoProductsQuery, { variables: { galleryId: galleryId ?? '', photoId }, skip: !galleryId, context: { silentErrors: true } });
  const cartQuery = useQuery(CartQuery, { variables: { galleryId: galleryId ?? '' }, skip: !galleryId || !edit, context: { silentErrors: true } });

  const cart = getFragmentData(CartFieldsFragment, cartQuery.data?.cart);
  const itemRef = edit ? cart?.photos.find((p) => p.id === cartItemId && p.kind === 'print') : undefined;
  const item = getFragmentData(CartPhotoItemFieldsFragment, itemRef);
  const categoryId = edit ? item?.format.category.id : categoryParam;
  const node = photoQuery.data?.node;
  const photo = node?.__typename === 'Photo' ? node : undefined;
  const cartPath = galleryPath(galleryUrl, 'cartContent');

  const free = useFreeFiles(galleryUrl);
  const allProducts = productsQuery.data?.photoProducts;
  const inCategory = (allProducts ?? []).filter((p) => p.format.category.id === categoryId).sort((a, b) => a.format.position - b.format.position);
  const digital = inCategory.length > 0 && inCategory.every((p) => p.format.kind === 'digital');
  // Files the gallery gives away are not sold: its free download takes their place.
  const products = inCategory.filter((p) => !free.givenAway(p.format));
  const family = products[0]?.format.family.id;
  const back = edit
    ? { to: cartPath, label: t('shop.backToCart') }
    : {
        to: withPhoto(digital || !family ? galleryPath(galleryUrl, 'galleryProducts') : galleryPath(galleryUrl, 'galleryProductDetail', { productId: family }), photoId),
        label: t('shop.backToProduct'),
      };

  let content;
  if (photoQuery.data && !photo) {
    content = <PageMessage title={t('photo.notFound')} actions={<Link className="button button-primary" to={galleryPath(galleryUrl, 'galleryProducts')}>{t('shop.backToProducts')}</Link>} />;
  } else if (edit && cart && !item) {
    content = <PageMessage title={t('shop.itemNotFound')} actions={<Link className="button button-primary" to={cartPath}>{t('shop.backToCart')}</Link>} />;
  } else if (!photo || !galleryId || !allProducts || (edit && !item)) {
    const error = photoQuery.error ?? productsQuery.error ?? cartQuery.error;
    content = (
      <LoadState
        error={error}
        onRetry={() => {
          void photoQuery.refetch();
          void productsQuery.refetch();
        }}
        loadingLabel={t('shop.loadingCustomization')}
      />
    );
  } else if (digital && products.length === 0 && free.offer) {
    content = (
      <>
        <div className={`${styles.head} ${styles.customizerHead}`}>
          <h1 className={styles.title}>{t('shop.digitalTitle')}</h1>
        </div>
        <FreeDownloadEntry galleryUrl={galleryUrl} />
      </>
    );
  } else if (products.length === 0) {
    content = (
      <PageMessage title={t('shop.noProductForPhoto')} actions={<Link className="button button-primary" to={withPhoto(galleryPath(galleryUrl, 'galleryProducts'), photoId)}>{t('shop.backToProducts')}</Link>} />
    );
  } else {
    const category = products[0].format.category;
    content = (
      <>
        <div className={`${styles.head} ${styles.customizerHead}`}>
          <p className={styles.kicker}>{category.name}</p>
          <h1 className={styles.title}>{edit ? t('shop.editTitle') : digital ? t('shop.digitalTitle') : t('shop.customizeTitle')}</h1>
          <p className={styles.muted}>{photo.filename}</p>
        </div>
        {digital && free.offer && <FreeDownloadEntry galleryUrl={galleryUrl} />}
        {digital ? (
          <DigitalChooser galleryId={galleryId} galleryUrl={galleryUrl} photo={photo} products={products} />
        ) : (
          <PrintCustomizer
            key={`${photo.id}:${categoryId}:${item?.id ?? ''}`}
            galleryId={galleryId}
            galleryUrl={galleryUrl}
            photo={photo}
            products={products.filter((p) => p.format.kind === 'print')}
            start={
              item
                ? { formatId: item.format.id, value: { finish: item.finish ?? null, border: item.border ?? null, crop: item.crop ?? null }, quantity: item.quantity, cartItemId: item.id }
                : { formatId: search.get('format') ?? undefined }
            }
          />
        )}
      </>
    );
  }

  return (
    <div className={styles.page}>
      <ShopTopBar galleryUrl={galleryUrl} back={back} />
      {content}
    </div>
  );
}
