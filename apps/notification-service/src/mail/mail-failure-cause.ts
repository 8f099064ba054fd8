import { MailFailureCause } from '@shop/contracts';

/** What nodemailer puts on its errors: its own code (ESOCKET, EAUTH...), the SMTP answer and its number. */
interface SmtpErrorLike {
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
  message?: unknown;
}

// nodemailer replaces a socket error's own code (ECONNREFUSED, ENOTFOUND...) with its ESOCKET or EDNS; the
// message keeps it ("connect ECONNREFUSED 127.0.0.1:25"), so the message is read as well as the code.
const TLS_TEXT = /\b(tls|ssl|certificate|starttls|wrong version number|secure connection)\b|self[- ]signed/i;
const REFUSED_TEXT = /\bECONNREFUSED\b/;
const UNKNOWN_HOST_TEXT = /\b(ENOTFOUND|EAI_AGAIN|EAI_NONAME|getaddrinfo)\b/;
const TIMEOUT_TEXT = /\b(ETIMEDOUT|timeout|timed out)\b|Greeting never received/i;
const LOST_TEXT = /\b(ECONNRESET|EPIPE|ECONNABORTED)\b|Connection closed/i;
const AUTH_TEXT = /\b(authentication|invalid login|credentials)\b/i;

/**
 * Sorts a failed send into one of the causes the owner reads about (issue 26). Order matters: a TLS failure
 * often arrives as a socket error, and an authentication answer as a 5xx.
 */
export function mailFailureCause(err: unknown): MailFailureCause {
  const e = (err ?? {}) as SmtpErrorLike;
  const code = typeof e.code === 'string' ? e.code : '';
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : null;
  const text = [e.message, e.response].filter((t): t is string => typeof t === 'string').join(' ');

  if (code === 'ETLS' || code === 'EREQUIRETLS' || TLS_TEXT.test(text)) return MailFailureCause.Tls;
  if (code === 'EAUTH' || responseCode === 534 || responseCode === 535 || (responseCode !== null && AUTH_TEXT.test(text))) return MailFailureCause.AuthRefused;
  if (REFUSED_TEXT.test(text)) return MailFailureCause.ConnectionRefused;
  if (code === 'EDNS' || UNKNOWN_HOST_TEXT.test(text)) return MailFailureCause.UnknownHost;
  if (code === 'ETIMEDOUT' || TIMEOUT_TEXT.test(text)) return MailFailureCause.Timeout;
  if (responseCode !== null && responseCode >= 500) return MailFailureCause.MailRefused;
  if (responseCode !== null && responseCode >= 400) return MailFailureCause.ServerBusy;
  if (code === 'ECONNECTION' || code === 'ESOCKET' || LOST_TEXT.test(text)) return MailFailureCause.ConnectionLost;
  return MailFailureCause.Other;
}
