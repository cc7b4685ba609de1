import { useMutation } from '@tanstack/react-query';
import { UPLOAD_IMAGE_LIMIT_BYTES, UPLOAD_IMAGE_TYPES, uploadEndpoint } from '@lobby/contracts';
import { useMemberSession } from '../../../app/member-session.ts';
import { useApiClient } from '../../../lib/api-context.tsx';

/** Why a picked file cannot be an avatar, or null when it can. */
export function avatarFileProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > UPLOAD_IMAGE_LIMIT_BYTES) return 'size';
  return null;
}

/**
 * POST /api/f/v1/upload (multipart: `file` and `purpose=avatar`); the server makes it the
 * member's avatar, so member info is refreshed at once (forced past the 30 s window).
 */
export function useUploadAvatar() {
  const api = useApiClient();
  const session = useMemberSession();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('purpose', 'avatar');
      form.append('file', file);
      return api.upload(uploadEndpoint.path, form, { schema: uploadEndpoint.response });
    },
    onSuccess: () => session.refresh({ force: true }),
  });
}
