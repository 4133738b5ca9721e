import { fail } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import { resourceTypeOfSuffix } from '../../../../shared/cms/resource-types.ts';
import type { MemberCaller } from '../member/session.ts';
import type { PublicSite } from '../public-api/route.ts';
import { uploadResource } from '../resource/operations.ts';
import type { UploadSource } from '../resource/receive.ts';
import { memberOp } from './operations.ts';

/** The largest image a member may upload (the site's own image limit applies when lower). */
export const CONTRIBUTION_IMAGE_MAX_MB = 5;
/** The multipart body's cap for the route: the image and its few fields. */
export const CONTRIBUTION_UPLOAD_BODY = CONTRIBUTION_IMAGE_MAX_MB * 1024 * 1024 + 64 * 1024;

/**
 * An upload restricted to images: another suffix is refused before a byte is written, the bytes
 * past CONTRIBUTION_IMAGE_MAX_MB are not kept (the upload is refused as too large), and the
 * library's sniffing must find an image in the content whatever the name says (`resourceType`
 * is set to image, so a script named .png is refused as the wrong type).
 */
const imagesOnly = (source: UploadSource): UploadSource => async (dataDir, maxBytes, beforeWrite) => {
  const cap = CONTRIBUTION_IMAGE_MAX_MB * 1024 * 1024;
  const got = await source(dataDir, Math.min(maxBytes, cap), (suffix) => {
    if (resourceTypeOfSuffix(suffix) !== 'image' || suffix === 'svg' || suffix === 'svgz') throw fail('contribute.imageOnly');
    return Math.min(beforeWrite(suffix), cap);
  });
  return { ...got, fields: { name: got.fields.name ?? '', resourceType: 'image' } };
};

/**
 * A member's image for a contribution, into the site's resource library through the library's own
 * receive path (resource/operations.ts: sniffed by content, the site's suffixes and size, its
 * watermark and thumbnail), recorded as uploaded by `member:<name>`. The reply is the address to
 * put in the body (`src`), which the body's save turns into the library's internal link.
 */
export async function uploadContributionImage(services: Services, site: PublicSite, member: MemberCaller, source: UploadSource) {
  const row = await uploadResource(memberOp(services, site, member, services.db), imagesOnly(source));
  return { resourceId: row.resourceId, src: row.src, fileName: row.fileName, width: row.width, height: row.height };
}
