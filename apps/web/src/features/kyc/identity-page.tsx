import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_DOCUMENT_SIDES, type KycDocumentSide, type MemberKyc } from '@lobby/contracts';
import { FormAlert } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHeader, Panel } from '../../components/ui/page.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { useKycStatus } from './api/kyc-status.ts';
import { kycFileProblem, useSubmitKyc, useUploadKycImage } from './api/submit-kyc.ts';

type Picked = { preview: string; id: string | null };

/** The level, and what it means, as a row of three steps. */
function Levels({ kyc }: { kyc: MemberKyc }) {
  const { t } = useTranslation('web');
  return (
    <ol className="kyc-levels" data-testid="kyc-level" data-level={kyc.level}>
      {[0, 1, 2].map((level) => (
        <li
          key={level}
          className={level <= kyc.level ? 'kyc-level is-done' : 'kyc-level'}
          aria-current={level === kyc.level ? 'step' : undefined}
        >
          <span className="kyc-level__badge">{level}</span>
          <span className="kyc-level__text">
            <strong>{t(`kyc.levels.${level}.title`)}</strong>
            <small>{t(`kyc.levels.${level}.text`)}</small>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** What the brand asks, in the brand's currency. */
function Thresholds({ kyc }: { kyc: MemberKyc }) {
  const { t } = useTranslation('web');
  const { thresholds } = kyc;
  const rows = [
    thresholds.beforeFirstDeposit ? t('kyc.rules.beforeDeposit') : null,
    thresholds.withdrawalAbove === null
      ? null
      : // "0.00": every withdrawal needs level 2.
        /^0(\.0+)?$/.test(thresholds.withdrawalAbove)
        ? t('kyc.rules.everyWithdrawal')
        : t('kyc.rules.withdrawalAbove', {
            amount: thresholds.withdrawalAbove,
            currency: thresholds.currency,
          }),
    t('kyc.rules.cumulative', {
      amount: thresholds.cumulativeDeposits,
      currency: thresholds.currency,
    }),
  ].filter((row): row is string => row !== null);
  return (
    <ul className="kyc-rules">
      {rows.map((row) => (
        <li key={row}>{row}</li>
      ))}
      {kyc.requiredFor.length > 0 && kyc.level < 2 ? (
        <li className="kyc-rules__now">{t('kyc.rules.requiredNow')}</li>
      ) : null}
    </ul>
  );
}

/** The latest set's outcome: waiting, approved, or rejected with the reason. */
function Outcome({ kyc }: { kyc: MemberKyc }) {
  const { t } = useTranslation('web');
  const submission = kyc.submission;
  if (!submission) return null;
  return (
    <div
      className={`kyc-outcome kyc-outcome--${submission.status}`}
      data-testid="kyc-outcome"
      role="status"
    >
      <Icon name={submission.status === 'rejected' ? 'info' : 'shield'} size={18} />
      <div>
        <strong>{t(`kyc.status.${submission.status}`)}</strong>
        {submission.status === 'rejected' && submission.reason ? (
          <p>{t('kyc.rejectedReason', { reason: submission.reason })}</p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * /user/identity: the member's verification level and what the brand asks; three private images
 * (ID front, back, selfie), each uploaded when picked, then sent for review. While a set waits
 * nothing new can be sent; a rejection shows its reason and the form again.
 */
export function IdentityPage() {
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  const status = useKycStatus();
  const upload = useUploadKycImage();
  const submit = useSubmitKyc();
  const [picked, setPicked] = useState<Partial<Record<KycDocumentSide, Picked>>>({});
  const [error, setError] = useState<string | null>(null);
  const previews = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  async function pick(side: KycDocumentSide, file: File | undefined) {
    setError(null);
    if (!file) return;
    const problem = kycFileProblem(file);
    if (problem) {
      setError(t(problem === 'type' ? 'kyc.imageType' : 'kyc.imageSize'));
      return;
    }
    const preview = URL.createObjectURL(file);
    previews.current.push(preview);
    setPicked((current) => ({ ...current, [side]: { preview, id: null } }));
    try {
      const stored = await upload.mutateAsync(file);
      setPicked((current) => ({ ...current, [side]: { preview, id: stored.id } }));
    } catch (failure) {
      setPicked((current) => ({ ...current, [side]: undefined }));
      setError(errorText(failure));
    }
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const ids = KYC_DOCUMENT_SIDES.map((side) => picked[side]?.id ?? null);
    if (ids.some((id) => id === null)) {
      setError(t('kyc.missing'));
      return;
    }
    const [idFront, idBack, selfie] = ids as string[];
    try {
      await submit.mutateAsync({ idFront: idFront!, idBack: idBack!, selfie: selfie! });
      setPicked({});
      showToast(t('kyc.submitted'));
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  const kyc = status.data;
  const uploading = KYC_DOCUMENT_SIDES.some((side) => picked[side] && !picked[side].id);
  return (
    <div className="page">
      <PageHeader icon="idCard" title={t('kyc.title')} subtitle={t('kyc.subtitle')} />
      {status.isError ? <FormAlert>{errorText(status.error)}</FormAlert> : null}
      {kyc ? (
        <>
          <Panel title={t('kyc.levelTitle')} icon="shield">
            <Levels kyc={kyc} />
            <Thresholds kyc={kyc} />
          </Panel>
          <Panel title={t('kyc.documentsTitle')} icon="idCard">
            <Outcome kyc={kyc} />
            {kyc.canSubmit ? (
              <form className="form" onSubmit={(event) => void send(event)} noValidate>
                <p className="kyc-hint">{t('kyc.hint')}</p>
                <div className="kyc-documents">
                  {KYC_DOCUMENT_SIDES.map((side) => {
                    const chosen = picked[side];
                    return (
                      <label key={side} className="kyc-document" data-testid={`kyc-pick-${side}`}>
                        {chosen ? (
                          <img src={chosen.preview} alt={t(`kyc.sides.${side}`)} />
                        ) : (
                          <span className="kyc-document__empty">
                            <Icon name={side === 'selfie' ? 'user' : 'idCard'} size={28} />
                          </span>
                        )}
                        <span className="kyc-document__label">
                          {chosen && !chosen.id ? t('kyc.uploading') : t(`kyc.sides.${side}`)}
                        </span>
                        <input
                          type="file"
                          accept="image/png,image/jpeg,image/webp,image/gif"
                          hidden
                          data-testid={`kyc-file-${side}`}
                          onChange={(event) => {
                            void pick(side, event.target.files?.[0]);
                            event.target.value = '';
                          }}
                        />
                      </label>
                    );
                  })}
                </div>
                {error ? <FormAlert>{error}</FormAlert> : null}
                <button
                  type="submit"
                  className="btn btn--primary"
                  disabled={submit.isPending || uploading}
                  data-testid="kyc-submit"
                >
                  {t('kyc.submit')}
                </button>
              </form>
            ) : kyc.submission?.status === 'pending' ? (
              <div className="kyc-documents">
                {KYC_DOCUMENT_SIDES.map((side) => (
                  <figure key={side} className="kyc-document">
                    <img src={kyc.submission?.images[side]} alt={t(`kyc.sides.${side}`)} />
                    <figcaption className="kyc-document__label">
                      {t(`kyc.sides.${side}`)}
                    </figcaption>
                  </figure>
                ))}
              </div>
            ) : null}
          </Panel>
        </>
      ) : null}
    </div>
  );
}
