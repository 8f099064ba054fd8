import { type CanActivate, type ExecutionContext, Get, HttpCode, Injectable, Param, Post, Req, Res, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import {
  NotFoundError,
  ORDER_LINK_HEADER,
  Pattern,
  type PatternRequest,
  TRANSFER_PROOF_FIELD,
  TRANSFER_PROOF_LIMIT,
  TransferProofMessage,
  TransferProofSchema,
  ValidationError,
} from '@shop/contracts';
import { ServiceClient } from '@shop/server-messaging';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ApiErrors } from '../http/api-errors.decorator';
import { schemaOf } from '../http/openapi';
import { ServiceController } from '../http/service-controller.decorator';
import { VISITOR_HEADER, visitorFrom, visitorHeaderDoc } from '../http/visitor-header';
import { TransferProofUploadInterceptor } from '../uploads/image-upload.interceptor';
import { TransferProofFiles } from '../uploads/transfer-proof-files';
import { OrderAccess } from './order-access';

/** What multer's memory storage hands over (its name and type are the client's word, and not used). */
interface ReceivedFile {
  buffer: Buffer;
  size: number;
}

type Viewer = PatternRequest<typeof Pattern.OrdersTransferProofAdmit>;

/** The shopper's authority over the order, as GET /api/orders/{id} reads it: visitor id, signed mail link, code grant. */
function viewerOf(req: Request, access: OrderAccess): Viewer {
  const id = String(req.params['id'] ?? '');
  const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
  return { id, visitorId: visitorFrom(header(VISITOR_HEADER)), viewerEmail: access.emailOf(req), signedLink: access.linkHolds(id, header(ORDER_LINK_HEADER)) };
}

/**
 * Asks the order service whether this viewer may add a proof to this order now, before a byte of the file is read
 * (guards run before interceptors): a stranger, a paid order or a full one never gets its upload read.
 */
@Injectable()
export class TransferProofAdmitGuard implements CanActivate {
  constructor(
    private readonly services: ServiceClient,
    private readonly access: OrderAccess,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.services.send(Pattern.OrdersTransferProofAdmit, viewerOf(context.switchToHttp().getRequest<Request>(), this.access));
    return true;
  }
}

const TransferProofsAnswerSchema = z.object({ message: z.string(), proofs: z.array(TransferProofSchema) });

/** Issue 29: the shopper's proof of a bank transfer, and the owner opening it. */
@ServiceController('orders', 'orders', 'order')
export class TransferProofsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly access: OrderAccess,
    private readonly files: TransferProofFiles,
  ) {}

  @Post(':id/transfer-proofs')
  @HttpCode(201)
  @UseGuards(TransferProofAdmitGuard)
  @UseInterceptors(TransferProofUploadInterceptor)
  @ApiOperation({
    summary: "Upload a photo or PDF of the transfer for a bank-transfer order waiting for it (the order's shopper)",
    description:
      "Whoever may see the order whole may send one: the visitor who placed it (X-Visitor-Id), the holder of its signed mail link " +
      "(X-Order-Link), or a browser whose code proved its mailbox. The file goes through the admin uploads' checks: a JPEG, PNG or " +
      'WebP photo (recognised by its content; at most UPLOAD_MAX_BYTES and UPLOAD_MAX_PIXELS; re-encoded upright without metadata) ' +
      `or a whole PDF. At most ${TRANSFER_PROOF_LIMIT} per order. It is kept privately (no public address): only the owner opens it. ` +
      "Recorded on the order's timeline.",
  })
  @ApiConsumes('multipart/form-data')
  @ApiHeader(visitorHeaderDoc)
  @ApiHeader({ name: 'X-Order-Link', required: false, description: "The key (`k`) of the order's tracking link from a mail" })
  @ApiBody({
    schema: {
      type: 'object',
      required: [TRANSFER_PROOF_FIELD],
      properties: { [TRANSFER_PROOF_FIELD]: { type: 'string', format: 'binary', description: 'A photo (JPEG, PNG or WebP) or a PDF of the transfer' } },
    },
  })
  @ApiCreatedResponse({ description: "The order's proofs now, oldest first", schema: schemaOf(TransferProofsAnswerSchema) })
  @ApiErrors({
    400: 'No file, more than one, too big, not a photo or PDF, damaged, or too many pixels; the message says which',
    403: `${TransferProofMessage.NotYours} (or a mail link that was tampered with or ended)`,
    404: true,
    409: `${TransferProofMessage.Closed}; or ${TransferProofMessage.Limit}`,
  })
  async upload(@Req() req: Request, @UploadedFile() file: ReceivedFile | undefined): Promise<z.infer<typeof TransferProofsAnswerSchema>> {
    if (!file || file.size === 0) throw new ValidationError(TransferProofMessage.Empty);
    const viewer = viewerOf(req, this.access);
    const checked = await this.files.check(file.buffer);
    const key = await this.files.keep(viewer.id, checked);
    try {
      const { proofs } = await this.services.send(Pattern.OrdersTransferProofAdd, { ...viewer, key, kind: checked.kind, contentType: checked.contentType, sizeBytes: checked.data.length });
      return { message: TransferProofMessage.Received, proofs };
    } catch (err) {
      // Refused after all (another upload took the last place, or the order was paid meanwhile): nothing is kept.
      await this.files.discard(key);
      throw err;
    }
  }

  @Get(':id/transfer-proofs/:proofId')
  @AdminOnly()
  @ApiOperation({
    summary: "Open a shopper's proof of transfer (admin): the photo as an image, a PDF as a download",
    description: 'Never cached (Cache-Control: private, no-store); the admin app shows it on the order with the time it came.',
  })
  @ApiProduces('image/jpeg', 'image/png', 'image/webp', 'application/pdf')
  @ApiOkResponse({ description: 'The file as it was kept (a photo re-encoded without metadata)', schema: { type: 'string', format: 'binary' } })
  @ApiErrors({ 404: 'No such order or proof' })
  async open(@Param('id') id: string, @Param('proofId') proofId: string, @Res() res: Response): Promise<void> {
    const { proof, key } = await this.services.send(Pattern.OrdersTransferProofGet, { id, proofId });
    const data = await this.files.read(key);
    if (!data) throw new NotFoundError('Proof of transfer not found');
    const name = `proof-of-transfer-${proof.uploadedAt.slice(0, 10)}.${proof.kind === 'pdf' ? 'pdf' : proof.contentType.split('/')[1]}`;
    res
      .status(200)
      .set({
        'Content-Type': proof.contentType,
        'Cache-Control': 'private, no-store',
        // A PDF is downloaded rather than shown: the API's Content-Security-Policy (default-src 'none') is kept for it.
        'Content-Disposition': `${proof.kind === 'pdf' ? 'attachment' : 'inline'}; filename="${name}"`,
      })
      .send(data);
  }
}
