import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspectImage } from './image.ts';
import { markSize } from './watermark.ts';
import { bombPng, png } from './test-files.ts';

describe('watermark size (ChestnutCMS ratio)', () => {
  it('scales a mark down to ratio% of the width and of the height, keeping its proportions', () => {
    expect(markSize({ width: 1000, height: 500 }, { width: 400, height: 400 }, 30)).toEqual({ width: 150, height: 150 });
    expect(markSize({ width: 1000, height: 1000 }, { width: 600, height: 200 }, 30)).toEqual({ width: 300, height: 100 });
  });
  it('leaves a mark that already fits as it is, never enlarging it', () => {
    expect(markSize({ width: 1000, height: 1000 }, { width: 100, height: 50 }, 20)).toEqual({ width: 100, height: 50 });
  });
});

describe('inspectImage', () => {
  it('reads the size from the header and refuses too many pixels without decoding', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'castanea-img-'));
    try {
      writeFileSync(join(dir, 'ok.png'), await png(300, 200));
      expect(await inspectImage(join(dir, 'ok.png'))).toMatchObject({ width: 300, height: 200, animated: false, format: 'png' });
      writeFileSync(join(dir, 'bomb.png'), bombPng(12_000));
      await expect(inspectImage(join(dir, 'bomb.png'))).rejects.toMatchObject({ key: 'library.tooManyPixels', params: { width: 12_000, height: 12_000, limit: '40,000,000' } });
      writeFileSync(join(dir, 'junk.png'), Buffer.from('not an image'));
      await expect(inspectImage(join(dir, 'junk.png'))).rejects.toMatchObject({ key: 'library.badImage' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
