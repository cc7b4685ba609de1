import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../components/ui/amount.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHeader, Panel } from '../../components/ui/page.tsx';
import { ADDRESS_FORMATS } from '../../lib/payout-rules.ts';
import { useDepositChannels } from './api/deposit-channels.ts';

const STEPS = ['choose', 'amount', 'copy', 'send', 'confirm'] as const;
const WARNINGS = ['protocol', 'token', 'fee', 'address', 'exact'] as const;
const QUESTIONS = ['time', 'amount', 'missing', 'withdraw'] as const;
const CHAINS = [
  { name: 'TRC20', network: 'tron' },
  { name: 'ERC20', network: 'ethereum' },
] as const;

/**
 * /finance/deposit/virtualCoinHelp: how a USDT deposit works, from choosing the chain to the
 * credit, with the brand's live rate, limits and confirmations when the channel is open.
 */
export function VirtualCoinHelpPage() {
  const { t } = useTranslation('web');
  const channels = useDepositChannels();
  const usdt = channels.data?.find((channel) => channel.type === 'usdt');
  const confirmations = usdt?.type === 'usdt' ? usdt.settings.confirmations : null;
  return (
    <div className="page coin-guide">
      <PageHeader
        icon="coin"
        title={t('finance.virtualCoinHelp.title')}
        subtitle={t('finance.virtualCoinHelp.subtitle')}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/finance/deposit">
            <Icon name="chevronLeft" size={16} />
            {t('finance.backToDeposit')}
          </Link>
        }
      />
      <Panel title={t('finance.virtualCoinHelp.introTitle')} icon="info">
        <p className="panel__text">{t('finance.virtualCoinHelp.intro')}</p>
        {usdt?.type === 'usdt' ? (
          <div className="summary-row coin-guide__figures">
            <div className="summary-row__item">
              <span>{t('finance.virtualCoinHelp.figures.rate')}</span>
              <strong>
                1 USDT = <Amount value={usdt.settings.rate} />
              </strong>
            </div>
            <div className="summary-row__item">
              <span>{t('finance.virtualCoinHelp.figures.limits')}</span>
              <strong>
                <Amount value={usdt.min} /> - <Amount value={usdt.max} />
              </strong>
            </div>
            <div className="summary-row__item">
              <span>{t('finance.virtualCoinHelp.figures.confirmations')}</span>
              <strong>{usdt.settings.confirmations}</strong>
            </div>
          </div>
        ) : null}
      </Panel>
      <Panel title={t('finance.virtualCoinHelp.chainsTitle')} icon="shield">
        <div className="chain-cards">
          {CHAINS.map((chain) => {
            const format = ADDRESS_FORMATS[chain.name];
            return (
              <div key={chain.name} className="chain-card">
                <p className="chain-card__name">USDT · {chain.name}</p>
                <p className="chain-card__network">
                  {t(`finance.virtualCoinHelp.chains.${chain.network}.network`)}
                </p>
                <ul className="bullet-list">
                  <li>
                    {t('finance.virtualCoinHelp.addressFormat', {
                      prefix: format?.prefix ?? '',
                      length: format?.length ?? 0,
                    })}
                  </li>
                  <li>{t(`finance.virtualCoinHelp.chains.${chain.network}.fee`)}</li>
                  <li>{t(`finance.virtualCoinHelp.chains.${chain.network}.speed`)}</li>
                </ul>
              </div>
            );
          })}
        </div>
      </Panel>
      <Panel title={t('finance.virtualCoinHelp.stepsTitle')} icon="record">
        <ol className="guide-steps">
          {STEPS.map((step, index) => (
            <li key={step} className="guide-steps__item">
              <span className="guide-steps__number">{index + 1}</span>
              <div>
                <strong>{t(`finance.virtualCoinHelp.steps.${step}.title`)}</strong>
                <p>
                  {t(`finance.virtualCoinHelp.steps.${step}.body`, {
                    confirmations: confirmations ?? t('finance.virtualCoinHelp.someConfirmations'),
                  })}
                </p>
              </div>
            </li>
          ))}
        </ol>
      </Panel>
      <Panel title={t('finance.virtualCoinHelp.warningsTitle')} icon="shield">
        <ul className="bullet-list bullet-list--warning">
          {WARNINGS.map((warning) => (
            <li key={warning}>{t(`finance.virtualCoinHelp.warnings.${warning}`)}</li>
          ))}
        </ul>
      </Panel>
      <Panel title={t('finance.virtualCoinHelp.faqTitle')} icon="help">
        <div className="faq">
          {QUESTIONS.map((question) => (
            <details key={question} className="faq__item">
              <summary>{t(`finance.virtualCoinHelp.faq.${question}.q`)}</summary>
              <p>{t(`finance.virtualCoinHelp.faq.${question}.a`)}</p>
            </details>
          ))}
        </div>
        <div className="button-row">
          <Link className="btn btn--primary" to="/finance/deposit">
            <Icon name="deposit" size={16} />
            {t('finance.virtualCoinHelp.start')}
          </Link>
          <Link className="btn btn--ghost" to="/iframeCustomerService">
            <Icon name="headset" size={16} />
            {t('nav.service')}
          </Link>
        </div>
      </Panel>
    </div>
  );
}
