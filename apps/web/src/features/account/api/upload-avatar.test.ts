import { describe, expect, it } from 'vitest';
import { UPLOAD_IMAGE_LIMIT_BYTES } from '@lobby/contracts';
import { avatarFileProblem } from './upload-avatar.ts';

describe('avatarFileProblem', () => {
  it('takes PNG, JPEG, WebP and GIF pictures up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) {
      expect(avatarFileProblem({ type, size: UPLOAD_IMAGE_LIMIT_BYTES }), type).toBeNull();
    }
  });

  it('refuses other files and larger pictures', () => {
    expect(avatarFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(avatarFileProblem({ type: 'application/pdf', size: 10 })).toBe('type');
    expect(avatarFileProblem({ type: '', size: 10 })).toBe('type');
    expect(avatarFileProblem({ type: 'image/png', size: UPLOAD_IMAGE_LIMIT_BYTES + 1 })).toBe(
      'size',
    );
  });
});
