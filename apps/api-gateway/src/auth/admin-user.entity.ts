import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An account of the back office. Usernames are unique ignoring case (a unique index on lower(username)). */
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

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
