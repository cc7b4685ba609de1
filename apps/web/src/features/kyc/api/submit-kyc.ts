import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  UPLOAD_IMAGE_LIMIT_BYTES,
  UPLOAD_IMAGE_TYPES,
  submitKycEndpoint,
  uploadEndpoint,
  type KycDocumentSide,
} from '@lobby/contracts';
import { useApiClient } from '../../../lib/api-context.tsx';
import { KYC_QUERY_KEY } from './kyc-status.ts';

/** Why a picked file cannot be a document image, or null when it can. */
export function kycFileProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > UPLOAD_IMAGE_LIMIT_BYTES) return 'size';
  return null;
}

/**
 * POST /api/f/v1/upload (multipart, `purpose=kyc`): a private image only the member and the
 * reviewing operators can open. The server judges the content itself.
 */
export function useUploadKycImage() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('purpose', 'kyc');
      form.append('file', file);
      return api.upload(uploadEndpoint.path, form, { schema: uploadEndpoint.response });
    },
  });
}

/** POST /api/f/v1/kyc: the three uploaded images for review; the status is refetched. */
export function useSubmitKyc() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (images: Record<KycDocumentSide, string>) =>
      api.post(submitKycEndpoint.path, { body: images, schema: submitKycEndpoint.response }),
    onSuccess: (data) => queryClient.setQueryData(KYC_QUERY_KEY, data),
  });
}
