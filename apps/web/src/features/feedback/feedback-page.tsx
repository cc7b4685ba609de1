import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CONTENT_RULE,
  FEEDBACK_IMAGES_MAX,
  feedbackContentLength,
} from '@lobby/contracts';
import { Field, FormAlert, SelectInput } from '../../components/ui/form.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHeader, Panel } from '../../components/ui/page.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { currentLanguage } from '../../lib/language.ts';
import { useCreateFeedback } from './api/create-feedback.ts';
import { feedbackImageProblem, useUploadFeedbackImage } from './api/upload-feedback-image.ts';

/** A picked image: its local preview, and its upload id once the server has it. */
type PickedImage = { key: number; preview: string; id: string | null };

/**
 * /user/feedBack: a category, the text with a counter, up to three images (each uploaded when
 * picked, shown from a local preview) and submit. The server checks every rule again.
 */
export function FeedbackPage() {
  const { t, i18n } = useTranslation('web');
  const language = currentLanguage(i18n);
  const navigate = useNavigate();
  const errorText = useErrorText();
  const create = useCreateFeedback();
  const uploadImage = useUploadFeedbackImage();
  const [category, setCategory] = useState<string>(FEEDBACK_CATEGORIES[0].code);
  const [content, setContent] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const previews = useRef<string[]>([]);

  // The local previews are released when the screen goes.
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const length = feedbackContentLength(content);
  const uploading = images.some((image) => image.id === null);

  async function pick(files: FileList | null) {
    setError(null);
    const room = FEEDBACK_IMAGES_MAX - images.length;
    for (const file of Array.from(files ?? []).slice(0, room)) {
      const problem = feedbackImageProblem(file);
      if (problem) {
        setError(t(problem === 'type' ? 'feedback.imageType' : 'feedback.imageSize'));
        continue;
      }
      const key = nextKey.current++;
      const preview = URL.createObjectURL(file);
      previews.current.push(preview);
      setImages((current) => [...current, { key, preview, id: null }]);
      try {
        const stored = await uploadImage.mutateAsync(file);
        setImages((current) =>
          current.map((image) => (image.key === key ? { ...image, id: stored.id } : image)),
        );
      } catch (failure) {
        setImages((current) => current.filter((image) => image.key !== key));
        setError(errorText(failure));
      }
    }
  }

  function remove(key: number) {
    setImages((current) => current.filter((image) => image.key !== key));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (length < FEEDBACK_CONTENT_RULE.min) {
      setError(t('feedback.tooShort', { min: FEEDBACK_CONTENT_RULE.min }));
      return;
    }
    try {
      await create.mutateAsync({
        category,
        content,
        imageIds: images.flatMap((image) => (image.id ? [image.id] : [])),
      });
      showToast(t('feedback.submitted'));
      await navigate('/user/feedBackList');
    } catch (failure) {
      setError(errorText(failure));
    }
  }

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
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <Field label={t('feedback.type')} required>
            {(id) => (
              <SelectInput
                id={id}
                name="category"
                value={category}
                onChange={setCategory}
                options={FEEDBACK_CATEGORIES.map((option) => ({
                  value: option.code,
                  label: option.names[language],
                }))}
              />
            )}
          </Field>
          <Field
            label={t('feedback.content')}
            required
            hint={
              <span
                className={
                  length > FEEDBACK_CONTENT_RULE.max
                    ? 'feedback-counter is-over'
                    : 'feedback-counter'
                }
              >
                {t('feedback.counter', { count: length, max: FEEDBACK_CONTENT_RULE.max })}
              </span>
            }
          >
            {(id, description) => (
              <textarea
                id={id}
                name="content"
                className="textarea"
                rows={6}
                maxLength={FEEDBACK_CONTENT_RULE.max * 2}
                value={content}
                onChange={(event) => setContent(event.target.value)}
                placeholder={t('feedback.contentPlaceholder', { min: FEEDBACK_CONTENT_RULE.min })}
                {...description}
              />
            )}
          </Field>
          <Field
            label={t('feedback.images')}
            hint={t('feedback.imagesHint', { max: FEEDBACK_IMAGES_MAX })}
          >
            {(id) => (
              <div className="feedback-images">
                {images.map((image, index) => (
                  <figure
                    key={image.key}
                    className={image.id ? 'feedback-image' : 'feedback-image is-uploading'}
                  >
                    <img src={image.preview} alt={t('feedback.imageAlt', { index: index + 1 })} />
                    {image.id ? null : (
                      <figcaption className="feedback-image__state">
                        {t('feedback.uploading')}
                      </figcaption>
                    )}
                    <button
                      type="button"
                      className="feedback-image__remove"
                      aria-label={t('feedback.removeImage', { index: index + 1 })}
                      onClick={() => remove(image.key)}
                    >
                      <Icon name="close" size={14} />
                    </button>
                  </figure>
                ))}
                {images.length < FEEDBACK_IMAGES_MAX ? (
                  <button
                    id={id}
                    type="button"
                    className="upload-box"
                    onClick={() => fileInput.current?.click()}
                  >
                    <Icon name="image" size={26} />
                    <span>{t('feedback.addImage')}</span>
                  </button>
                ) : null}
                <input
                  ref={fileInput}
                  type="file"
                  accept="image/png,image/jpeg,image/webp,image/gif"
                  multiple
                  hidden
                  data-testid="feedback-file"
                  onChange={(event) => {
                    void pick(event.target.files);
                    event.target.value = '';
                  }}
                />
              </div>
            )}
          </Field>
          {error ? <FormAlert>{error}</FormAlert> : null}
          <button
            type="submit"
            className="btn btn--primary"
            disabled={create.isPending || uploading}
          >
            {t('common.submit')}
          </button>
        </form>
      </Panel>
    </div>
  );
}
