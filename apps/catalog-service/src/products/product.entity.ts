import type { ProductOption } from '@shop/contracts';
import { Column, CreateDateColumn, DeleteDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A product of the shop. Money in integer cents; stock and purchases never below zero (checked in the database too). */
@Entity({ name: 'products' })
export class ProductEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  name: string;

  @Column('integer')
  priceCents: number;

  @Column('integer', { default: 0 })
  oldpriceCents: number;

  @Column('text')
  image: string;

  @Column('text', { array: true, default: () => "'{}'" })
  subimages: string[];

  @Column('text')
  description: string;

  @Column('integer')
  countInStock: number;

  @Column('varchar', { length: 6, default: '' })
  promotext: string;

  @Column('text')
  type: string;

  /** What it is made of, how to use it, its size and the hair or skin it suits (empty until the owner says). */
  @Column('text', { default: '' })
  ingredients: string;

  @Column('text', { default: '' })
  howToUse: string;

  @Column('text', { default: '' })
  size: string;

  @Column('text', { default: '' })
  suitedFor: string;

  /** False: kept out of the shop by the owner (a draft, or off sale for a while); the owner still sees it (issue 26). */
  @Column('boolean', { default: true })
  visible: boolean;

  @Column('integer', { default: 0 })
  purchases: number;

  /** Its options and their values (issue 28); none for a product sold one way. */
  @Column('jsonb', { default: () => "'[]'" })
  options: ProductOption[];

  /** The highest price among its variants on sale; the database keeps it (with `priceCents`, the lowest). */
  @Column('integer', { default: 0 })
  maxPriceCents: number;

  @Column('numeric', { precision: 3, scale: 2, default: 0, transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  rating: number;

  @Column('integer', { default: 0 })
  numReviews: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /** Set when the owner deletes the product: hidden from the shop, kept for the orders that name it. */
  @DeleteDateColumn({ type: 'timestamptz' })
  deletedAt: Date | null;
}
