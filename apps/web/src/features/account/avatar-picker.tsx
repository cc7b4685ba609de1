import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_IMAGE_LIMIT_BYTES, UPLOAD_IMAGE_TYPES } from '@lobby/contracts';
import { FormAlert } from '../../components/ui/form.tsx';
import { showToast } from '../../components/ui/toast.tsx';
import { useErrorText } from '../../components/ui/use-error-text.ts';
import { avatarFileProblem, useUploadAvatar } from './api/upload-avatar.ts';

/**
 * The avatar and its change: pick an image (PNG, JPEG, WebP or GIF up to 2 MB), see it in
 * place, then upload it or cancel.
 */
export function AvatarPicker({ currentUrl }: { currentUrl: string }) {
  const { t } = useTranslation('web');
  const errorText = useErrorText();
  const upload = useUploadAvatar();
  const fileInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; previewUrl: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // The preview's object URL lives as long as the choice does.
  useEffect(() => {
    if (!chosen) return undefined;
    return () => URL.revokeObjectURL(chosen.previewUrl);
  }, [chosen]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailure(null);
    const problem = avatarFileProblem(file);
    if (problem) {
      setFailure(
        t(`account.personal.avatar.${problem}`, {
          megabytes: UPLOAD_IMAGE_LIMIT_BYTES / 1024 / 1024,
        }),
      );
      return;
    }
    setChosen({ file, previewUrl: URL.createObjectURL(file) });
  };

  const save = () => {
    if (!chosen) return;
    upload.mutate(chosen.file, {
      onSuccess: () => {
        setChosen(null);
        showToast(t('account.personal.avatar.saved'));
      },
      onError: (error) => setFailure(errorText(error)),
    });
  };

  return (
    <div className="profile__avatar avatar-picker">
      <img
        className={chosen ? 'avatar avatar--xl is-preview' : 'avatar avatar--xl'}
        src={chosen ? chosen.previewUrl : currentUrl}
        alt={t('account.personal.avatar.alt')}
      />
      <input
        ref={fileInput}
        type="file"
        accept={UPLOAD_IMAGE_TYPES.join(',')}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={choose}
      />
      {chosen ? (
        <div className="avatar-picker__actions">
          <button
            type="button"
            className="btn btn--primary btn--xs"
            onClick={save}
            disabled={upload.isPending}
          >
            {upload.isPending ? t('common.submitting') : t('account.personal.avatar.upload')}
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--xs"
            onClick={() => setChosen(null)}
            disabled={upload.isPending}
          >
            {t('common.cancel')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="btn btn--ghost btn--xs"
          onClick={() => fileInput.current?.click()}
        >
          {t('account.personal.changeAvatar')}
        </button>
      )}
      <p className="avatar-picker__hint">
        {t('account.personal.avatar.hint', { megabytes: UPLOAD_IMAGE_LIMIT_BYTES / 1024 / 1024 })}
      </p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
    </div>
  );
}
