import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Gift } from '@lobby/contracts';
import { useIsLoggedIn } from '../../app/session-store.ts';
import { Amount } from '../../components/ui/amount.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState, PageHeader, Panel } from '../../components/ui/page.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useBusinessTime } from '../../components/ui/use-business-time.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { useGiftBet } from './api/gift-bet.ts';
import { useGiftExchange } from './api/gift-exchange.ts';
import { useMemberAction } from './use-member-action.ts';
import './activity.css';

/** A decimal string of the API as whole minor units (same scale on both sides of a compare). */
function minorOf(text: string): bigint {
  return BigInt(text.replace('.', ''));
}

type Shipping = { name: string; phone: string; address: string };
const NO_SHIPPING: Shipping = { name: '', phone: '', address: '' };

/** /activity/enjoyLuxuryGifts: exchange valid-bet turnover for cash or item gifts. */
export function LuxuryGiftsPage() {
  const { t } = useTranslation('web');
  const time = useBusinessTime();
  const errorText = useErrorText();
  const asMember = useMemberAction();
  const loggedIn = useIsLoggedIn();
  const bet = useGiftBet();
  const exchange = useGiftExchange();
  const [chosen, setChosen] = useState<Gift | null>(null);
  const [shipping, setShipping] = useState<Shipping>(NO_SHIPPING);
  // One key per attempt: a retried submit of the same dialog answers the first exchange.
  const attemptKey = useRef('');
  const data = bet.data;

  const choose = (gift: Gift) => {
    if (!asMember()) return;
    attemptKey.current = newIdempotencyKey();
    setShipping(NO_SHIPPING);
    setChosen(gift);
  };
  const shippingReady =
    chosen?.kind !== 'item' ||
    (shipping.name.trim() !== '' && shipping.phone.trim() !== '' && shipping.address.trim() !== '');

  if (bet.isError) {
    return (
      <div className="container page">
        <PageHeader icon="gift" title={t('activity.gifts.title')} />
        <Panel>
          <EmptyState icon="gift" title={t('activity.gifts.empty')} hint={errorText(bet.error)} />
        </Panel>
      </div>
    );
  }

  return (
    <div className="container page">
      <PageHeader
        icon="gift"
        title={data?.title ?? t('activity.gifts.title')}
        subtitle={t('activity.gifts.subtitle')}
      />
      <div className="summary-row summary-row--cards">
        <div className="summary-row__item">
          <span>{t('activity.gifts.figures.turnover')}</span>
          <strong>
            <Amount value={data?.turnover} />
          </strong>
        </div>
        <div className="summary-row__item">
          <span>{t('promo.gifts.used')}</span>
          <strong>
            <Amount value={data?.used} />
          </strong>
        </div>
        <div className="summary-row__item">
          <span>{t('promo.gifts.available')}</span>
          <strong data-testid="gift-available">
            <Amount value={data?.available} />
          </strong>
        </div>
      </div>
      <div className="two-columns two-columns--wide-left">
        <Panel title={t('activity.gifts.catalogue')} icon="gift">
          {!data || data.gifts.length === 0 ? (
            <EmptyState
              icon="gift"
              title={t('activity.gifts.empty')}
              hint={t('activity.gifts.emptyHint')}
            />
          ) : (
            <div className="gift-grid">
              {data.gifts.map((gift) => {
                const soldOut = gift.stock === 0;
                const limited =
                  gift.perMemberLimit !== null && gift.exchanged >= gift.perMemberLimit;
                // Both amounts come in the brand currency's scale, so digits compare as units.
                const short =
                  loggedIn &&
                  data !== undefined &&
                  minorOf(gift.turnoverCost) > minorOf(data.available);
                return (
                  <article key={gift.id} className="gift-card" data-gift-id={gift.id}>
                    {gift.imageUrl ? <img src={gift.imageUrl} alt="" loading="lazy" /> : null}
                    <strong className="gift-card__name">{gift.name}</strong>
                    <span className="gift-card__cost">
                      {t('promo.gifts.cost')} <Amount value={gift.turnoverCost} />
                    </span>
                    <small className="muted">
                      {gift.kind === 'cash'
                        ? t('promo.gifts.cash')
                        : gift.stock === null
                          ? t('promo.gifts.item')
                          : t('promo.gifts.stock', { count: gift.stock })}
                    </small>
                    <button
                      type="button"
                      className="btn btn--primary btn--sm btn--block"
                      disabled={soldOut || limited || short}
                      onClick={() => choose(gift)}
                    >
                      {soldOut
                        ? t('promo.gifts.soldOut')
                        : limited
                          ? t('promo.gifts.limited')
                          : short
                            ? t('promo.gifts.short')
                            : t('promo.gifts.exchange')}
                    </button>
                  </article>
                );
              })}
            </div>
          )}
        </Panel>
        <Panel title={t('promo.gifts.records')} icon="record">
          {data && data.exchanges.length > 0 ? (
            <ul className="activity-records">
              {data.exchanges.map((entry) => (
                <li key={entry.id}>
                  <span>
                    <strong>{entry.giftName}</strong>
                    <small>{time.dateTime(entry.createdAt)}</small>
                  </span>
                  <span className={`activity-badge activity-badge--${entry.status}`}>
                    {t(`promo.exchangeStatus.${entry.status}`)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState icon="record" title={t('promo.gifts.noRecords')} compact />
          )}
        </Panel>
      </div>
      <ConfirmDialog
        open={chosen !== null}
        title={t('promo.gifts.confirmTitle', { name: chosen?.name ?? '' })}
        confirmLabel={t('promo.gifts.exchange')}
        busy={exchange.isPending}
        onCancel={() => setChosen(null)}
        onConfirm={() => {
          if (!chosen) return;
          if (!shippingReady) {
            showToast(t('promo.gifts.shippingRequired'), 'info');
            return;
          }
          exchange.mutate(
            {
              giftId: chosen.id,
              idempotencyKey: attemptKey.current,
              ...(chosen.kind === 'item' ? shipping : {}),
            },
            {
              onSuccess: (answer) => {
                setChosen(null);
                showToast(
                  answer.status === 'paid'
                    ? t('promo.gifts.paid', { amount: answer.reward })
                    : t('promo.gifts.pendingDelivery'),
                );
              },
              onError: (error) => {
                setChosen(null);
                showToast(errorText(error), 'info');
              },
            },
          );
        }}
      >
        <p>{t('promo.gifts.confirmBody', { cost: chosen?.turnoverCost ?? '' })}</p>
        {chosen?.kind === 'item' ? (
          <div className="gift-shipping">
            {(['name', 'phone', 'address'] as const).map((field) => (
              <label key={field} className="gift-shipping__field">
                <span>{t(`promo.gifts.shipping.${field}`)}</span>
                <input
                  className="input"
                  name={field}
                  value={shipping[field]}
                  maxLength={field === 'address' ? 200 : 40}
                  onChange={(event) =>
                    setShipping((previous) => ({ ...previous, [field]: event.target.value }))
                  }
                />
              </label>
            ))}
          </div>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
