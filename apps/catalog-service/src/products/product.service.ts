import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { NotFoundError, type Product, ProductIdSchema } from '@shop/contracts';
import type { Repository } from 'typeorm';
import { ProductEntity } from './product.entity';
import { toProductDto } from './product.mapper';

const NOT_FOUND = 'Product not found';

@Injectable()
export class ProductService {
  constructor(@InjectRepository(ProductEntity) private readonly products: Repository<ProductEntity>) {}

  /** Every product on sale, newest first. */
  async list(): Promise<Product[]> {
    const rows = await this.products.find({ order: { createdAt: 'DESC', id: 'ASC' } });
    return rows.map(toProductDto);
  }

  /** One product on sale; a malformed or unknown id is the same 404. */
  async get(id: string): Promise<Product> {
    if (!ProductIdSchema.safeParse(id).success) throw new NotFoundError(NOT_FOUND);
    const row = await this.products.findOneBy({ id });
    if (!row) throw new NotFoundError(NOT_FOUND);
    return toProductDto(row);
  }
}
