import { useMutation } from '@tanstack/react-query';
import { UPLOAD_IMAGE_LIMIT_BYTES, UPLOAD_IMAGE_TYPES, uploadEndpoint } from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';

/** Why a picked file cannot be attached, or null when it can. */
export function feedbackImageProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > UPLOAD_IMAGE_LIMIT_BYTES) return 'size';
  return null;
}

/**
 * POST /api/f/v1/upload (multipart: `file` and `purpose=feedback`): the image is stored as the
 * member's and only its id goes with the ticket. The server judges the content itself.
 */
export function useUploadFeedbackImage() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('purpose', 'feedback');
      form.append('file', file);
      return api.upload(uploadEndpoint.path, form, { schema: uploadEndpoint.response });
    },
  });
}
