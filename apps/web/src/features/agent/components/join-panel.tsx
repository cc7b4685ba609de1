import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AGENT_CONTACT_MAX, AGENT_MESSAGE_MAX, type AgentInfo } from '@lobby/contracts';
import { Field, FormAlert, TextInput } from '../../../components/ui/form.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Panel } from '../../../components/ui/page.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useErrorText } from '../../../components/ui/use-error-text.ts';
import { useBusinessTime } from '../../../components/ui/use-business-time.ts';
import { useApplyAgent } from '../api/apply-agent.ts';
import { STATEMENT_STATUS_CLASS } from './share.ts';

/**
 * "Join us": a guest is sent to log in; a member applies with a contact and a message and then
 * follows the application (pending, or rejected with the operator's note and a new form); an
 * agent sees their status.
 */
export function JoinPanel({ info, loading }: { info: AgentInfo | undefined; loading: boolean }) {
  const { t } = useTranslation('web');
  const time = useBusinessTime();
  const application = info?.application ?? null;
  let body;
  if (loading || !info) {
    body = (
      <div className="data-table__loading">
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line" />
      </div>
    );
  } else if (!info.loggedIn) {
    body = (
      <>
        <p className="panel__text">{t('agent.applyBody')}</p>
        <p className="panel__text">{t('agent.loginToApply')}</p>
        <div className="button-row">
          <Link className="btn btn--primary" to="/login" state={{ from: '/agent' }}>
            {t('header.login')}
          </Link>
          <Link className="btn btn--ghost" to="/register">
            {t('header.register')}
          </Link>
        </div>
      </>
    );
  } else if (info.agent) {
    body = (
      <div className="agent-status" data-agent-status={info.agentStatus ?? ''}>
        <span className="agent-status__icon">
          <Icon name={info.agentStatus === 'suspended' ? 'lock' : 'check'} size={26} />
        </span>
        <strong>
          {info.agentStatus === 'suspended' ? t('agent.suspended') : t('agent.youArePartner')}
        </strong>
        <p>
          {info.agentStatus === 'suspended' ? t('agent.suspendedHint') : t('agent.partnerHint')}
        </p>
      </div>
    );
  } else if (application?.status === 'pending') {
    body = (
      <div className="agent-status" data-application-status="pending">
        <span className="agent-status__icon">
          <Icon name="calendar" size={26} />
        </span>
        <strong>
          {t('agent.applicationPending')}{' '}
          <span className={STATEMENT_STATUS_CLASS.pending}>
            {t('agent.applicationStatus.pending')}
          </span>
        </strong>
        <p>{t('agent.applicationPendingHint')}</p>
        <dl className="agent-status__facts">
          <dt>{t('agent.contact')}</dt>
          <dd>{application.contact}</dd>
          <dt>{t('agent.submittedAt')}</dt>
          <dd>{time.dateTime(application.createdAt)}</dd>
        </dl>
      </div>
    );
  } else {
    body = (
      <>
        {application?.status === 'rejected' ? (
          <FormAlert>
            <span data-application-status="rejected">
              {t('agent.applicationRejected')}
              {application.reviewNote ? ` ${application.reviewNote}` : ''}
            </span>
          </FormAlert>
        ) : (
          <p className="panel__text">{t('agent.applyBody')}</p>
        )}
        <ApplyForm />
      </>
    );
  }
  return (
    <Panel title={t('agent.apply')} icon="agent">
      {body}
    </Panel>
  );
}

function ApplyForm() {
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  const apply = useApplyAgent();
  const [contact, setContact] = useState('');
  const [message, setMessage] = useState('');
  const [contactError, setContactError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (contact.trim() === '') {
      setContactError(t('agent.contactRequired'));
      return;
    }
    setContactError(undefined);
    apply.mutate(
      { contact: contact.trim(), message: message.trim() },
      {
        onSuccess: () => showToast(t('agent.applied')),
        onError: (error) => setFailure(errorText(error)),
      },
    );
  }

  return (
    <form className="agent-apply" onSubmit={submit} noValidate>
      <Field label={t('agent.contact')} required error={contactError}>
        {(id, description) => (
          <TextInput
            id={id}
            name="contact"
            icon="phone"
            maxLength={AGENT_CONTACT_MAX}
            placeholder={t('agent.contactPlaceholder')}
            value={contact}
            onChange={(event) => setContact(event.target.value)}
            {...description}
          />
        )}
      </Field>
      <Field
        label={t('agent.message')}
        hint={t('agent.messageHint', { count: message.length, max: AGENT_MESSAGE_MAX })}
      >
        {(id, description) => (
          <textarea
            id={id}
            name="message"
            className="textarea"
            rows={4}
            maxLength={AGENT_MESSAGE_MAX}
            placeholder={t('agent.messagePlaceholder')}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            {...description}
          />
        )}
      </Field>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={apply.isPending}>
          {t('agent.applyButton')}
        </button>
        <Link className="btn btn--ghost" to="/iframeCustomerService">
          <Icon name="headset" size={16} />
          {t('nav.service')}
        </Link>
      </div>
    </form>
  );
}
