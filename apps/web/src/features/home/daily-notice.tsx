import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import { useBusinessTime } from '../../components/ui/use-business-time.ts';
import { useBrand } from '../../lib/brand-context.tsx';
import { useTopCover } from './api/top-cover.ts';
import {
  closeNoticeThisVisit,
  hideNoticeToday,
  isNoticeClosedThisVisit,
  isNoticeHiddenToday,
} from './daily-notice-store.ts';

/**
 * The popup notice of the home page: the first live notice the member did not turn off today.
 * Closing it hides it for this visit (until a reload), however often a home page shows again;
 * ticking "今日不再提示" first hides it until the brand's next day. Escape closes it too.
 */
export function DailyNotice() {
  const { t } = useTranslation('web');
  const brand = useBrand();
  const today = useBusinessTime().today();
  const { data } = useTopCover();
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const [skipToday, setSkipToday] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const notice = data?.notices.find(
    (item) =>
      !closed.has(item.id) &&
      !isNoticeClosedThisVisit(brand.code, item.id) &&
      !isNoticeHiddenToday(brand.code, item.id, today),
  );

  useEffect(() => {
    const element = dialog.current;
    // Not modal: the notice sits over the top of the page without making the rest inert, so
    // the header, the tab bar and every link stay usable while it is up.
    if (element && notice && !element.open) element.show();
  }, [notice]);

  if (!notice) return null;
  const close = () => {
    if (skipToday) hideNoticeToday(brand.code, notice.id, today);
    closeNoticeThisVisit(brand.code, notice.id);
    dialog.current?.close();
    setSkipToday(false);
    setClosed((previous) => new Set(previous).add(notice.id));
  };
  return (
    <dialog
      ref={dialog}
      className="daily-notice"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <header className="daily-notice__head">
        <Icon name="megaphone" size={18} />
        <h2 id={titleId}>{notice.title}</h2>
        <button
          type="button"
          className="daily-notice__close"
          aria-label={t('promo.notice.close')}
          onClick={close}
        >
          <Icon name="close" size={18} />
        </button>
      </header>
      {notice.imageUrl ? (
        <img className="daily-notice__image" src={notice.imageUrl} alt="" />
      ) : null}
      <p className="daily-notice__body">{notice.body}</p>
      {notice.linkUrl.startsWith('/') ? (
        <Link className="btn btn--primary btn--block" to={notice.linkUrl} onClick={close}>
          {t('promo.notice.more')}
        </Link>
      ) : null}
      <footer className="daily-notice__foot">
        <label className="daily-notice__skip">
          <input
            type="checkbox"
            checked={skipToday}
            onChange={(event) => setSkipToday(event.target.checked)}
          />
          {t('promo.notice.skipToday')}
        </label>
        <button type="button" className="btn btn--ghost btn--sm" onClick={close}>
          {t('promo.notice.ok')}
        </button>
      </footer>
    </dialog>
  );
}
