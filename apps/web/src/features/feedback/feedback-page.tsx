import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Field, SelectInput } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHeader, Panel, PendingNote } from '../../components/ui/page.tsx';

const TYPES = ['suggestion', 'problem', 'complaint', 'other'] as const;
const CONTENT_MAX = 500;

/** /user/feedBack: write to the operator. */
export function FeedbackPage() {
  const { t } = useTranslation('web');
  const [type, setType] = useState<string>(TYPES[0]);
  const [content, setContent] = useState('');
  return (
    <div className="page">
      <PageHeader
        icon="feedback"
        title={t('feedback.title')}
        subtitle={t('feedback.subtitle')}
        actions={
          <Link className="btn btn--ghost btn--sm" to="/user/feedBackList">
            <Icon name="record" size={16} />
            {t('feedback.myFeedback')}
          </Link>
        }
      />
      <Panel>
        <form className="form" onSubmit={(event) => event.preventDefault()}>
          <Field label={t('feedback.type')} required>
            {(id) => (
              <SelectInput
                id={id}
                value={type}
                onChange={setType}
                options={TYPES.map((value) => ({ value, label: t(`feedback.types.${value}`) }))}
              />
            )}
          </Field>
          <Field
            label={t('feedback.content')}
            required
            hint={t('feedback.counter', { count: content.length, max: CONTENT_MAX })}
          >
            {(id) => (
              <textarea
                id={id}
                className="textarea"
                rows={6}
                maxLength={CONTENT_MAX}
                value={content}
                onChange={(event) => setContent(event.target.value)}
                placeholder={t('feedback.contentPlaceholder')}
              />
            )}
          </Field>
          <Field label={t('feedback.images')} hint={t('feedback.imagesHint')}>
            {(id) => (
              <button id={id} type="button" className="upload-box" disabled>
                <Icon name="image" size={26} />
                <span>{t('feedback.addImage')}</span>
              </button>
            )}
          </Field>
          <button type="submit" className="btn btn--primary" disabled>
            {t('common.submit')}
          </button>
          <PendingNote>{t('feedback.pending')}</PendingNote>
        </form>
      </Panel>
    </div>
  );
}
