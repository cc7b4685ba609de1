/** The upload module's public surface: what other modules may use. */
export { readImageForm } from './image-form.ts';
export { UploadUrlSigner } from './upload-url-signer.ts';
export { UPLOAD_ERRORS } from './upload.errors.ts';
export { uploadModule } from './upload.plugin.ts';
export { findMemberUploadIds, insertUpload } from './upload.repository.ts';
export { uploads } from './upload.schema.ts';
export { detectImageType } from './upload.service.ts';
