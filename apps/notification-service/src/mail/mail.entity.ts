import type { MailFailureCause, MailKind, MailStatus } from '@shop/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { MailContent, MailData } from './mail-data';

/** One mail the service was asked to send: its log line, its input and, once rendered, its content. */
@Entity({ name: 'mails' })
export class MailEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Trigger + order id + recipient: unique, so a repeated event finds its mail instead of making a second. */
  @Column('text')
  dedupeKey: string;

  @Column('text')
  kind: MailKind;

  @Column('text')
  recipient: string;

  @Column('text', { nullable: true })
  replyTo: string | null;

  @Column('text', { nullable: true })
  orderId: string | null;

  /** What its template renders, as `MailDataOf[kind]` (mail-data.ts) when it was queued. */
  @Column('jsonb')
  data: MailData;

  @Column('text')
  status: MailStatus;

  @Column('integer', { default: 0 })
  attempts: number;

  @Column('text', { nullable: true })
  lastError: string | null;

  /** Why the last attempt failed, sorted when it happened; null once sent or before any failure. */
  @Column('text', { nullable: true })
  failureCause: MailFailureCause | null;

  /** When the mail last entered the queue (made, or retried by the owner): "waiting since" on the dashboard. */
  @Column('timestamptz', { default: () => 'now()' })
  queuedAt: Date;

  @Column('text', { nullable: true })
  subject: string | null;

  @Column('text', { nullable: true })
  textBody: string | null;

  @Column('text', { nullable: true })
  htmlBody: string | null;

  /** When the last send began (status `sending`): the mail may have reached SMTP from then on. */
  @Column('timestamptz', { nullable: true })
  sendingAt: Date | null;
  /** The attachment's file name (the receipt of a payment-received mail), set when the mail is rendered. */
  @Column('text', { nullable: true })
  attachmentName: string | null;

  /** The attachment's bytes: not read with the row (lists stay light); the send step loads it. */
  @Column('bytea', { nullable: true, select: false })
  attachmentContent?: Buffer | null;

  @Column('timestamptz', { nullable: true })
  sentAt: Date | null;

  @Column('text', { nullable: true })
  providerMessageId: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** A logged mail's kind with its data: the row was written from a `PlannedMail`, typed by kind, so the two belong together. */
export function contentOf(mail: Pick<MailEntity, 'kind' | 'data'>): MailContent {
  return { kind: mail.kind, data: mail.data } as MailContent;
}
