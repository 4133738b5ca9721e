import { describe, expect, it } from 'vitest';
import { checkFile, FILE_LIMITS, IMAGE_LIMITS, joinFiles, splitFiles, uploadOutcome } from './upload-rules.ts';

const MB = 1024 * 1024;

describe('before-upload checks (spec §5)', () => {
  it('accepts doc/xls/ppt/txt/pdf under 5 MB, up to 5 files', () => {
    expect(checkFile({ name: 'Report.PDF', size: 4 * MB }, 0, FILE_LIMITS)).toBeNull();
    expect(checkFile({ name: 'a.exe', size: 1 }, 0, FILE_LIMITS)).toEqual({ key: 'badType', params: { types: 'doc/xls/ppt/txt/pdf' } });
    expect(checkFile({ name: 'big.doc', size: 5 * MB }, 0, FILE_LIMITS)).toEqual({ key: 'tooLarge', params: { size: 5 } });
    expect(checkFile({ name: 'six.txt', size: 1 }, 5, FILE_LIMITS)).toEqual({ key: 'tooMany', params: { max: 5 } });
  });

  it('images: png/jpg/jpeg', () => {
    expect(checkFile({ name: 'a.jpeg', size: MB }, 0, IMAGE_LIMITS)).toBeNull();
    expect(checkFile({ name: 'a.gif', size: MB }, 0, IMAGE_LIMITS)?.key).toBe('badType');
  });

  it('keeps the value as a comma-joined list', () => {
    expect(joinFiles(['a.pdf', 'b.doc'])).toBe('a.pdf,b.doc');
    expect(splitFiles('a.pdf, b.doc,')).toEqual(['a.pdf', 'b.doc']);
    expect(splitFiles('')).toEqual([]);
  });

  it('reads the upload reply: code 200 adds the file, otherwise the server msg or the fallback', () => {
    expect(uploadOutcome({ code: 200, msg: 'ok', data: { fileName: '/profile/a.pdf' } }, 'failed')).toEqual({ ok: true, fileName: '/profile/a.pdf' });
    expect(uploadOutcome({ code: 500, msg: 'disk full' }, 'failed')).toEqual({ ok: false, message: 'disk full' });
    expect(uploadOutcome(null, 'upload file failed, retry')).toEqual({ ok: false, message: 'upload file failed, retry' });
  });
});
