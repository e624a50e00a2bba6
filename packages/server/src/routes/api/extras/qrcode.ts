/**
 * The share sheet's QR code (spec 001 §2.9, §7.2 "A QR image service is called with a url
 * parameter"): `GET /api/qrcode?url=<http(s) url>[&size=][&format=png|svg]` draws the code here
 * with `qrcode`, so no third-party image service learns what is shared. Only http and https URLs
 * of at most 2048 characters are drawn (422 otherwise); the image depends on nothing but the
 * query, so it is cached for a year.
 */
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';

export const QRCODE_MAX_URL_LENGTH = 2_048;
export const QRCODE_DEFAULT_SIZE = 256;
export const QRCODE_MIN_SIZE = 64;
export const QRCODE_MAX_SIZE = 1_024;
/** A year: the same query always draws the same image. */
export const QRCODE_MAX_AGE = 31_536_000;

const QrQuery = z.object({
  url: z
    .string()
    .min(1)
    .max(QRCODE_MAX_URL_LENGTH)
    .refine((value) => {
      try {
        const u = new URL(value);
        return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
      } catch {
        return false;
      }
    }, 'an http or https URL'),
  size: z.coerce
    .number()
    .int()
    .min(QRCODE_MIN_SIZE)
    .max(QRCODE_MAX_SIZE)
    .default(QRCODE_DEFAULT_SIZE),
  format: z.enum(['png', 'svg']).default('png'),
});

export async function qrcodeRoutes(app: FastifyInstance): Promise<void> {
  app.get('/qrcode', async (req, reply) => {
    const q = QrQuery.safeParse(req.query);
    if (!q.success) {
      return reply.code(422).send({
        error: 'invalid parameters',
        issues: q.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      });
    }
    const { url, size, format } = q.data;
    const options = { errorCorrectionLevel: 'M' as const, margin: 2, width: size };
    reply.header('cache-control', `public, max-age=${QRCODE_MAX_AGE}, immutable`);
    if (format === 'svg') {
      const svg = await QRCode.toString(url, { ...options, type: 'svg' });
      return reply.type('image/svg+xml').send(svg);
    }
    const png = await QRCode.toBuffer(url, { ...options, type: 'png' });
    return reply.type('image/png').send(png);
  });
}
