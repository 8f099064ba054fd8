import { MailFailureCause } from '@shop/contracts';
import { mailFailureCause } from './mail-failure-cause';

/** The errors as nodemailer 7 makes them: its own code over the socket's, the SMTP answer appended to the message. */
const smtpError = (message: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(message), extra);

describe('mailFailureCause', () => {
  it.each([
    ['a port where nothing listens', smtpError('connect ECONNREFUSED 127.0.0.1:2525', { code: 'ESOCKET' }), MailFailureCause.ConnectionRefused],
    ['an unknown host', smtpError('getaddrinfo ENOTFOUND smtp.nowhere.test', { code: 'EDNS' }), MailFailureCause.UnknownHost],
    ['a DNS failure', smtpError('queryA EAI_AGAIN smtp.example.com', { code: 'EDNS' }), MailFailureCause.UnknownHost],
    ['no answer to connect', smtpError('Connection timeout', { code: 'ETIMEDOUT' }), MailFailureCause.Timeout],
    ['no greeting', smtpError('Greeting never received', { code: 'ETIMEDOUT' }), MailFailureCause.Timeout],
    ['a refused login', smtpError('Invalid login: 535 5.7.8 Authentication credentials invalid', { code: 'EAUTH', responseCode: 535 }), MailFailureCause.AuthRefused],
    ['a login needed', smtpError('Mail command failed: 530 5.7.0 Authentication Required', { code: 'EENVELOPE', responseCode: 530 }), MailFailureCause.AuthRefused],
    ['a self-signed certificate', smtpError('self-signed certificate', { code: 'ESOCKET' }), MailFailureCause.Tls],
    ['TLS on a plain port', smtpError('C0B7:error:0A00010B:SSL routines:ssl3_get_record:wrong version number', { code: 'ESOCKET' }), MailFailureCause.Tls],
    ['STARTTLS refused', smtpError('Error initiating TLS - boom', { code: 'ETLS' }), MailFailureCause.Tls],
    ['an unknown mailbox', smtpError("Can't send mail - all recipients were rejected: 550 5.1.1 No such user", { code: 'EENVELOPE', responseCode: 550 }), MailFailureCause.MailRefused],
    ['a greylisting answer', smtpError('Message failed: 451 4.7.1 Try again later', { code: 'EMESSAGE', responseCode: 451 }), MailFailureCause.ServerBusy],
    ['a dropped connection', smtpError('Connection closed unexpectedly', { code: 'ECONNECTION' }), MailFailureCause.ConnectionLost],
    ['a reset socket', smtpError('read ECONNRESET', { code: 'ESOCKET' }), MailFailureCause.ConnectionLost],
    ['anything else', new Error('something odd'), MailFailureCause.Other],
    ['not even an error', 'boom', MailFailureCause.Other],
  ])('%s', (_name, err, cause) => {
    expect(mailFailureCause(err)).toBe(cause);
  });
});
