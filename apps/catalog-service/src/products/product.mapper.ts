import type { Product } from '@shop/contracts';
import { fromCents } from '@shop/money';
import type { ProductEntity } from './product.entity';

/** The API shape of a product, with the spec's field names. */
export function toProductDto(entity: ProductEntity): Product {
  return {
    _id: entity.id,
    name: entity.name,
    price: fromCents(entity.priceCents),
    oldprice: fromCents(entity.oldpriceCents),
    image: entity.image,
    subimages: entity.subimages,
    description: entity.description,
    countInStock: entity.countInStock,
    promotext: entity.promotext,
    type: entity.type,
    purchases: entity.purchases,
    rating: entity.rating,
    numReviews: entity.numReviews,
    reviews: [],
    createdAt: entity.createdAt.toISOString(),
  };
}
