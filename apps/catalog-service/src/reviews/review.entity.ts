import type { ReviewStatus } from '@shop/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A visitor's review of a product; one per visitor per product (unique in the database). */
@Entity({ name: 'reviews' })
export class ReviewEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  productId: string;

  @Column('text')
  visitorId: string;

  @Column('text')
  name: string;

  @Column('numeric', { precision: 2, scale: 1, transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  rating: number;

  @Column('text')
  comment: string;

  /** The writer had the product delivered when writing (issue 23). */
  @Column('boolean', { default: false })
  verifiedBuyer: boolean;

  /** Only `published` reviews are public (review-visibility.ts); `pending` wait for approval, `hidden` were taken down. */
  @Column('text', { default: 'published' })
  status: ReviewStatus;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
