import sharp from 'sharp';
const [,, file, top, height, out, left = '0', width] = process.argv;
const img = sharp(file);
const meta = await img.metadata();
const w = width ? Number(width) : meta.width - Number(left);
await img.extract({ left: Number(left), top: Number(top), width: w, height: Math.min(Number(height), meta.height - Number(top)) }).toFile(out);
