import { useTranslation } from 'react-i18next';
import { CONTACT_ACTIONS, type ContactEntry } from '@lobby/contracts';
import { copyText } from './copy-text.ts';
import { Icon } from './icon.tsx';
import { showToast } from './toast.tsx';

const isWebAddress = (value: string) => /^https?:\/\//i.test(value);

/** One contact entry of the brand: copy its number, or open it in a new window. */
export function ContactItem({ contact }: { contact: ContactEntry }) {
  const { t } = useTranslation('web');
  const opens = contact.action === CONTACT_ACTIONS.OPEN_NEW && isWebAddress(contact.deviceNum);
  const copy = async () => {
    const copied = await copyText(contact.deviceNum);
    showToast(copied ? t('common.copied') : t('common.copyFailed'), copied ? 'check' : 'info');
  };
  return (
    <li className="contact-item">
      <span className="contact-item__icon">
        {contact.imageUrl ? (
          <img src={contact.imageUrl} alt="" width={20} height={20} />
        ) : (
          <Icon name="headset" size={18} />
        )}
      </span>
      <span className="contact-item__text">
        <span className="contact-item__label">{contact.deviceText}</span>
        <span className="contact-item__value">{contact.deviceNum}</span>
      </span>
      {opens ? (
        <a
          className="contact-item__action"
          href={contact.deviceNum}
          target="_blank"
          rel="noopener noreferrer"
        >
          <Icon name="external" size={14} />
          {t('common.open')}
        </a>
      ) : (
        <button type="button" className="contact-item__action" onClick={() => void copy()}>
          <Icon name="copy" size={14} />
          {t('common.copy')}
        </button>
      )}
    </li>
  );
}
