import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * An account of the back office. Usernames are unique after normalisation (a unique index on
 * lower(normalize(username, NFKC)), the same expression every lookup by name uses).
 */
@Entity({ name: 'admin_users' })
export class AdminUserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  username: string;

  /** A bcrypt hash; the password itself is never stored. */
  @Column('text')
  passwordHash: string;

  @Column('boolean', { default: true })
  isAdmin: boolean;

  /** A TOTP secret (base32) being enrolled: it becomes totpSecret once a first code from it is confirmed. */
  @Column('text', { nullable: true })
  totpPendingSecret: string | null;

  /** The TOTP secret in use (base32); null when the account has no second factor. */
  @Column('text', { nullable: true })
  totpSecret: string | null;

  @Column('timestamptz', { nullable: true })
  totpEnabledAt: Date | null;

  /** The last TOTP time step accepted: a code of that step or an earlier one is refused (no replay). */
  @Column('bigint', { nullable: true })
  totpLastStep: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
