import { type Product, type ProductSummary, type ProductVariant, type Review, variantLabel } from '@shop/contracts';
import { fromCents } from '@shop/money';
import type { ReviewEntity } from '../reviews/review.entity';
import type { ProductEntity } from './product.entity';
import type { VariantRow } from './variant-plan';

/** A product as lists show it, with the spec's field names. */
export function toProductSummary(entity: ProductEntity): ProductSummary {
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
    visible: entity.visible,
    rating: Number(entity.rating),
    numReviews: entity.numReviews,
    createdAt: new Date(entity.createdAt).toISOString(),
    maxPrice: fromCents(Math.max(entity.maxPriceCents, entity.priceCents)),
  };
}

/**
 * One product with its reviews and variants (issue 28: only those on sale unless the owner asks); `mine` marks the
 * reviews written by the asking visitor.
 */
export function toProduct(entity: ProductEntity, reviews: ReviewEntity[], variants: VariantRow[], visitorId?: string): Product {
  return {
    ...toProductSummary(entity),
    ingredients: entity.ingredients,
    howToUse: entity.howToUse,
    size: entity.size,
    suitedFor: entity.suitedFor,
    reviews: reviews.map((r) => toReview(r, visitorId)),
    options: entity.options,
    variants: variants.map((v) => toVariant(entity, v)),
  };
}

function toVariant(product: ProductEntity, variant: VariantRow): ProductVariant {
  return {
    _id: variant.id,
    valueIds: variant.valueIds,
    label: variantLabel(product.options, variant.valueIds),
    sku: variant.sku,
    price: fromCents(variant.priceCents),
    oldprice: fromCents(variant.oldpriceCents),
    countInStock: variant.countInStock,
    image: variant.image,
    active: variant.active,
  };
}

function toReview(review: ReviewEntity, visitorId?: string): Review {
  return {
    _id: review.id,
    name: review.name,
    rating: Number(review.rating),
    comment: review.comment,
    createdAt: review.createdAt.toISOString(),
    mine: visitorId !== undefined && review.visitorId === visitorId,
    verifiedBuyer: review.verifiedBuyer,
  };
}
