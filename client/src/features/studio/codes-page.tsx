import { useMutation, useQuery } from '@apollo/client/react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { getFragmentData } from '../../gql';
import type { StudioVoucherFragment, VoucherKind, VoucherStatus } from '../../gql/graphql';
import { formatMoney } from '../../lib/money';
import { notify } from '../../lib/notification-store';
import { CodeForm } from './code-form';
import { VOUCHER_STATUSES } from './code-form-values';
import { benefit, deletable, GALLERY_FILTER, galleryVariables, lastDay, statusLabel } from './code-labels';
import { CodeLedger } from './code-ledger';
import { CodePrintSheet } from './code-print-sheet';
import { DeleteVoucherMutation, SetVoucherActiveMutation, StudioCodesGalleriesQuery, StudioVoucherFragment as VoucherDoc, StudioVouchersQuery } from './codes-documents';
import css from './codes.module.css';
import styles from './studio.module.css';

/**
 * CodesPage is /studio/codes: the photographer's discount codes and gift
 * cards. They create one or a batch, find them (search, status, kind,
 * where they are valid: every gallery, one gallery, a given gallery),
 * read each one's ledger and a gift card's balance, switch a code off or
 * on, delete an unused one, and print codes as cards (window.print()).
 */
export function CodesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [kind, setKind] = useState('');
  const [where, setWhere] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const deferred = useDeferredValue(search.trim());
  const { data, loading, error, refetch } = useQuery(StudioVouchersQuery, {
    variables: {
      search: deferred || null,
      status: (status || null) as VoucherStatus | null,
      kind: (kind || null) as VoucherKind | null,
      ...galleryVariables(where),
    },
    fetchPolicy: 'cache-and-network',
  });
  const galleries = useQuery(StudioCodesGalleriesQuery, { fetchPolicy: 'cache-first' });
  const [setActive] = useMutation(SetVoucherActiveMutation);
  const [remove] = useMutation(DeleteVoucherMutation);
  const vouchers = getFragmentData(VoucherDoc, data?.studioVouchers ?? []);
  const galleryList = (galleries.data?.studioGalleries.edges ?? []).flatMap((e) => (e?.node ? [e.node] : []));
  const galleryName = (id: string | null | undefined) => galleryList.find((g) => g.id === id)?.eventName;
  const galleryAddress = (id: string | null | undefined) => {
    const g = galleryList.find((x) => x.id === id);
    return g ? `${window.location.host}/${g.url}` : window.location.host;
  };
  const created = (ids: string[]) => {
    notify({ type: 'success', message: t('studioCodes.created', { count: ids.length }) });
    setSelected(new Set(ids));
    setSearch('');
    setStatus('');
    setKind('');
    setWhere('');
    void refetch();
  };
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const switchActive = async (v: StudioVoucherFragment) => {
    try {
      const r = await setActive({ variables: { input: { voucherId: v.id, active: !v.active } } });
      const ue = r.data?.updateVoucher.userErrors[0];
      if (ue) notify({ type: 'error', message: ue.message });
      else void refetch();
    } catch {
      notify({ type: 'error', message: t('studio.error') });
    }
  };
  const del = async (v: StudioVoucherFragment) => {
    setConfirming(null);
    try {
      const r = await remove({ variables: { input: { voucherId: v.id } } });
      const ue = r.data?.deleteVoucher.userErrors[0];
      if (ue) notify({ type: 'error', message: ue.message });
      else {
        notify({ type: 'success', message: t('studioCodes.deleted', { code: v.code }) });
        void refetch();
      }
    } catch {
      notify({ type: 'error', message: t('studio.error') });
    }
  };
  // Printed: the codes ticked, else every code the list shows.
  const toPrint = selected.size > 0 ? vouchers.filter((v) => selected.has(v.id)) : vouchers;

  return (
    <div className={css.page}>
      <div className={styles.pageHead}>
        <h1>{t('studioCodes.title')}</h1>
      </div>
      <CodeForm galleries={galleryList} onCreated={created} />
      <form className={styles.toolbar} role="search" aria-label={t('studioCodes.filters')} onSubmit={(e) => e.preventDefault()}>
        <label>
          {t('studioCodes.search')}
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label>
          {t('studioCodes.status')}
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">{t('studioCodes.allStatuses')}</option>
            {VOUCHER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s, t)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('studioCodes.kind')}
          <select value={kind} onChange={(e) => setKind(e.target.value)}>
            <option value="">{t('studioCodes.allKinds')}</option>
            <option value="discount_code">{t('studioCodes.kindDiscount')}</option>
            <option value="gift_card">{t('studioCodes.kindGift')}</option>
          </select>
        </label>
        <GalleryFilter value={where} onChange={setWhere} galleries={galleryList} />
      </form>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={() => window.print()} disabled={toPrint.length === 0}>
          {selected.size > 0 ? t('studioCodes.printSelected', { count: selected.size }) : t('studioCodes.printAll', { count: toPrint.length })}
        </button>
        {selected.size > 0 && (
          <button type="button" className={styles.secondary} onClick={() => setSelected(new Set())}>
            {t('studioCodes.clearSelection')}
          </button>
        )}
      </div>
      {loading && !data && <Spinner label={t('common.loading')} block />}
      {error && !data && <p className={styles.error}>{t('studio.error')}</p>}
      {data && vouchers.length === 0 && <p className={styles.muted}>{t('studioCodes.empty')}</p>}
      {vouchers.length > 0 && (
        <ul className={css.list} aria-label={t('studioCodes.listLabel')}>
          {vouchers.map((v) => (
            <CodeRow
              key={v.id}
              v={v}
              picked={selected.has(v.id)}
              onPick={() => toggle(v.id)}
              open={open === v.id}
              onOpen={() => setOpen(open === v.id ? null : v.id)}
              confirming={confirming === v.id}
              onConfirm={() => setConfirming(v.id)}
              onSwitch={() => void switchActive(v)}
              onDelete={() => void del(v)}
              galleryName={galleryName(v.galleryId)}
            />
          ))}
        </ul>
      )}
      <CodePrintSheet vouchers={toPrint} galleryAddress={galleryAddress} />
    </div>
  );
}

/** GalleryFilter chooses where the listed codes are valid: anywhere, every gallery, one gallery, a given gallery. */
function GalleryFilter(props: { value: string; onChange: (v: string) => void; galleries: ReadonlyArray<{ id: string; eventName: string }> }) {
  const { t } = useTranslation();
  return (
    <label>
      {t('studioCodes.galleryFilter')}
      <select value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{t('studioCodes.anyScope')}</option>
        <option value={GALLERY_FILTER.allGalleries}>{t('studioCodes.scopeAll')}</option>
        <option value={GALLERY_FILTER.oneGallery}>{t('studioCodes.scopeOne')}</option>
        {props.galleries.length > 0 && (
          <optgroup label={t('studioCodes.limitedTo')}>
            {props.galleries.map((g) => (
              <option key={g.id} value={GALLERY_FILTER.gallery(g.id)}>
                {g.eventName}
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </label>
  );
}

/** CodeRow is one code of the list: what it gives, its limits and use, its actions and, opened, its ledger. */
function CodeRow(props: {
  v: StudioVoucherFragment;
  picked: boolean;
  onPick: () => void;
  open: boolean;
  onOpen: () => void;
  confirming: boolean;
  onConfirm: () => void;
  onSwitch: () => void;
  onDelete: () => void;
  galleryName: string | undefined;
}) {
  const { v } = props;
  const { t, i18n } = useTranslation();
  const money = (m: { amount: string; currency: string }) => formatMoney(m, i18n.language);
  const gift = v.kind === 'gift_card';
  const facts = [
    gift
      ? t('studioCodes.balanceOf', { balance: money(v.balance), amount: money(v.giftAmount) })
      : v.usageLimit > 0
        ? t('studioCodes.usesOf', { used: v.timesUsed, limit: v.usageLimit })
        : t('studioCodes.uses', { count: v.timesUsed }),
    v.perEmailLimit > 0 ? t('studioCodes.perEmail', { count: v.perEmailLimit }) : null,
    Number(v.minSpend.amount) > 0 ? t('studioCodes.from', { amount: money(v.minSpend) }) : null,
    v.validFrom ? t('studioCodes.startsOn', { date: new Date(v.validFrom as string).toLocaleDateString(i18n.language) }) : null,
    v.validUntil ? t('studioCodes.until', { date: lastDay(v.validUntil as string, i18n.language) }) : null,
    v.galleryId ? (props.galleryName ?? t('studioCodes.oneGallery')) : t('studioCodes.allGalleries'),
  ];
  return (
    <li className={css.row} aria-label={v.code}>
      <label className={css.pick}>
        <input type="checkbox" checked={props.picked} onChange={props.onPick} />
        <span className="visually-hidden">{t('studioCodes.pick', { code: v.code })}</span>
      </label>
      <div className={css.main}>
        <p className={css.codeLine}>
          <code className={css.code}>{v.code}</code>
          <span className={`${css.status} ${css[`status_${v.status}`] ?? ''}`}>{statusLabel(v.status, t)}</span>
        </p>
        <p className={css.benefit}>{benefit(v, t, i18n.language)}</p>
        <p className={styles.muted}>{facts.filter(Boolean).join(' · ')}</p>
        {props.open && <CodeLedger voucherId={v.id} giftCard={gift} />}
      </div>
      <div className={css.rowActions}>
        <button type="button" className={styles.secondary} aria-expanded={props.open} onClick={props.onOpen}>
          {t('studioCodes.history')}
        </button>
        <button type="button" className={styles.secondary} onClick={props.onSwitch}>
          {v.active ? t('studioCodes.disable') : t('studioCodes.enable')}
        </button>
        {deletable(v) &&
          (props.confirming ? (
            <button type="button" className={styles.danger} onClick={props.onDelete}>
              {t('studioCodes.confirmDelete')}
            </button>
          ) : (
            <button type="button" className={styles.secondary} onClick={props.onConfirm}>
              {t('studioCodes.delete')}
            </button>
          ))}
      </div>
    </li>
  );
}
