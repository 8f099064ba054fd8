import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type AdminProductPage, Pattern, type PatternRequest, type Product, type ProductPage, type ProductSummary, type RestockListItem } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { StockWaitsService } from '../stock-waits/stock-waits.service';
import { ProductService } from './product.service';

@Controller()
export class ProductsMessagesController {
  constructor(
    private readonly productService: ProductService,
    private readonly stockWaits: StockWaitsService,
  ) {}

  @Handles(Pattern.ProductsList)
  list(): Promise<ProductSummary[]> {
    return this.productService.list();
  }

  @Handles(Pattern.ProductsPage)
  page(@Payload() payload: PatternRequest<typeof Pattern.ProductsPage>): Promise<ProductPage> {
    return this.productService.page(payload.query ?? {});
  }

  @Handles(Pattern.ProductsTypes)
  types(@Payload() payload: PatternRequest<typeof Pattern.ProductsTypes>): Promise<string[]> {
    return this.productService.types(payload.includeHidden ?? false);
  }

  @Handles(Pattern.ProductsAdminPage)
  adminPage(@Payload() payload: PatternRequest<typeof Pattern.ProductsAdminPage>): Promise<AdminProductPage> {
    return this.productService.adminPage(payload.query);
  }

  @Handles(Pattern.ProductsRestock)
  async restock(@Payload() payload: PatternRequest<typeof Pattern.ProductsRestock>): Promise<RestockListItem[]> {
    // Issue 28: each line says how many shoppers wait for it to be back.
    return this.stockWaits.withWaiting(await this.productService.restock(payload.q, payload.include === 'low-stock'));
  }

  @Handles(Pattern.ProductsGet)
  get(@Payload() payload: PatternRequest<typeof Pattern.ProductsGet>): Promise<Product> {
    return this.productService.get(payload.id, payload.visitorId, payload.includeHidden ?? false);
  }

  @Handles(Pattern.ProductsCreate)
  create(@Payload() payload: PatternRequest<typeof Pattern.ProductsCreate>): Promise<Product> {
    return this.productService.create(payload.product);
  }

  @Handles(Pattern.ProductsUpdate)
  update(@Payload() payload: PatternRequest<typeof Pattern.ProductsUpdate>): Promise<Product> {
    return this.productService.update(payload.id, payload.product);
  }

  @Handles(Pattern.ProductsVariantsBulk)
  variantsBulk(@Payload() payload: PatternRequest<typeof Pattern.ProductsVariantsBulk>): Promise<Product> {
    return this.productService.bulkVariants(payload.id, payload.input, payload.actor);
  }

  @Handles(Pattern.ProductsDelete)
  remove(@Payload() payload: PatternRequest<typeof Pattern.ProductsDelete>): Promise<{ message: string }> {
    return this.productService.remove(payload.id);
  }
}
