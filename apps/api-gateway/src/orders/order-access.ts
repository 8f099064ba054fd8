import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, ORDER_ACCESS_COOKIE, ORDER_ACCESS_HEADER, ORDER_ACCESS_MINUTES, OrderLookupMessage } from '@shop/contracts';
import { APP_CONFIG, type GatewayConfig, orderAccessEmail, orderLinkValid, signOrderAccess } from '@shop/server-config';
import type { Request, Response } from 'express';
import { readCookies } from '../auth/session-cookies';

/**
 * What lets a browser without the visitor id see an order whole (issue 29): the grant a right code gives (an HttpOnly
 * cookie on the shop's host, or the same value in X-Order-Access from the storefront's server), and a mail's signed
 * link. Both are HMACs under ORDER_LINK_SECRET; nothing is stored.
 */
@Injectable()
export class OrderAccess {
  constructor(@Inject(APP_CONFIG) private readonly config: GatewayConfig) {}

  /** Sets the grant for a proven mailbox: HttpOnly, SameSite=Lax (a mail's link opens the shop), ORDER_ACCESS_MINUTES. */
  grant(req: Request, res: Response, email: string): Date {
    const endsAt = new Date(Date.now() + ORDER_ACCESS_MINUTES * 60_000);
    res.cookie(ORDER_ACCESS_COOKIE, signOrderAccess(this.config.ORDER_LINK_SECRET, email, endsAt), {
      httpOnly: true,
      sameSite: 'lax',
      // req.secure follows X-Forwarded-Proto from the shop's own proxy ('trust proxy'); production is always https.
      secure: req.secure || this.config.NODE_ENV === 'production',
      path: '/',
      maxAge: ORDER_ACCESS_MINUTES * 60_000,
    });
    return endsAt;
  }

  /** Ends the grant in this browser. */
  end(res: Response): void {
    res.clearCookie(ORDER_ACCESS_COOKIE, { path: '/' });
  }

  /** The mailbox the request's grant opens, if it carries a valid one. */
  emailOf(req: Request): string | undefined {
    const header = req.headers[ORDER_ACCESS_HEADER];
    const grant = (typeof header === 'string' ? header : undefined) ?? readCookies(req.headers)[ORDER_ACCESS_COOKIE];
    return grant ? (orderAccessEmail(this.config.ORDER_LINK_SECRET, grant) ?? undefined) : undefined;
  }

  /** Whether a link key was sent and is this order's; a key that is not (tampered, expired) is a 403 saying so. */
  linkHolds(orderId: string, key: string | undefined): boolean {
    if (key === undefined || key === '') return false;
    if (key.length > 200 || !orderLinkValid(this.config.ORDER_LINK_SECRET, orderId, key)) throw new DomainError(ErrorCode.Forbidden, OrderLookupMessage.LinkRefused);
    return true;
  }
}
