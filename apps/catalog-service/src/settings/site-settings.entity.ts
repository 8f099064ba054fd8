import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { SiteSettingsValues } from '@shop/rules';

export type HomeColumns = SiteSettingsValues['homeSettings'];
export type OurProductColumns = SiteSettingsValues['ourProductSettings'];
export type MediaColumns = SiteSettingsValues['mediaSettings'];
/** `call` is not stored: it is always `phone`. */
export type ShopColumns = NonNullable<SiteSettingsValues['shopSettings']>;
export type BankTransferColumns = NonNullable<SiteSettingsValues['bankTransferSettings']>;
export type PageColumns = NonNullable<SiteSettingsValues['pageSettings']>;
export type ContactColumns = Omit<SiteSettingsValues['contactSettings'], 'call'>;

/** The one site settings record (the spec's "controls"). */
@Entity({ name: 'site_settings' })
export class SiteSettingsEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Always true and unique in the database: the table never holds a second record. */
  @Column('boolean', { default: true })
  singleton: boolean;

  @Column('jsonb')
  home: HomeColumns;

  @Column('jsonb')
  ourProduct: OurProductColumns;

  @Column('jsonb')
  media: MediaColumns;

  @Column('jsonb')
  contact: ContactColumns;

  @Column('integer')
  deliveryCostCents: number;

  /** '' when the shop is not VAT registered. */
  @Column('text', { default: '' })
  vatRegistrationNumber: string;

  @Column('integer', { default: 3 })
  lowStockThreshold: number;

  /** Issue 28: days a back-in-stock sign-up waits (column `back_in_stock_days`). */
  @Column('integer', { default: 90 })
  backInStockDays: number;

  /** Null until the owner saves the section (records older than issue 25): the defaults are answered. */
  @Column('jsonb', { nullable: true })
  shop: ShopColumns | null;

  /** Null until the owner saves the section (records older than issue 25): the defaults are answered. */
  @Column('jsonb', { nullable: true })
  pages: PageColumns | null;

  /** Issue 29: null until the owner saves the section: bank transfer is then off. */
  @Column('jsonb', { name: 'bank_transfer', nullable: true })
  bankTransfer: BankTransferColumns | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
